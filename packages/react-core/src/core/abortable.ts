/** Thrown by a step of {@link abortableSteps} when the signal aborts first. */
export const ABORTED = Symbol("aborted");

/**
 * Steps of one piece of work that `signal` stops: each settles like its promise, or rejects with
 * {@link ABORTED} as soon as `signal` aborts (a stop ends the reply even when the response, or a
 * callback, does not honour the signal). Steps are awaited one after another; one listener
 * serves them all, where a reply reads thousands of events.
 */
export function abortableSteps(signal: AbortSignal): <T>(promise: Promise<T>) => Promise<T> {
  let stop: ((reason: unknown) => void) | undefined;
  signal.addEventListener("abort", () => stop?.(ABORTED), { once: true });
  return (promise) => {
    if (signal.aborted) {
      promise.catch(() => {});
      return Promise.reject(ABORTED);
    }
    return new Promise((resolve, reject) => {
      stop = reject;
      promise.then(resolve, reject);
    });
  };
}

/** Whether `promise` is already settled (checked one microtask later). */
export async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  const mark = () => {
    settled = true;
  };
  promise.then(mark, mark);
  await undefined;
  return settled;
}

/**
 * Runs an app callback that only observes: a throw is reported (as an uncaught error, so it
 * shows in the console) without breaking the reply.
 */
export function observe(callback: () => void): void {
  try {
    callback();
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
}
