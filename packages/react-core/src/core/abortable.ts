/** Thrown by {@link untilAborted} when the signal aborts first. */
export const ABORTED = Symbol("aborted");

/**
 * Settles like `promise`, or rejects with {@link ABORTED} as soon as `signal` aborts: a stop
 * ends the reply even when the response (or a callback) does not honour the signal.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.reject(ABORTED);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(ABORTED);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
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
