/**
 * Milliseconds of markdown formatting one main-thread task may spend, shared by every markdown
 * view on the page (a thread loaded from history renders many of them in one task). Together
 * with lexing, React's own work and layout this keeps tasks well under 200 ms.
 */
export const FORMAT_MS_PER_TASK = 40;

let deadline: number | undefined;

/**
 * Whether the current task still has time for formatting. The first call in a task starts its
 * budget, which lasts until a new task begins. Not until the next microtask: one task may render
 * several times (each streamed batch React renders in a microtask of the task that read it), and
 * a budget per render let such a task format for hundreds of milliseconds.
 */
export function taskHasFormattingTime(): boolean {
  const now = performance.now();
  if (deadline === undefined) {
    deadline = now + FORMAT_MS_PER_TASK;
    inNextTask(() => {
      deadline = undefined;
    });
  }
  return now < deadline;
}

/** Runs `callback` in a new task: a message to itself, which background tabs do not throttle. */
function inNextTask(callback: () => void): void {
  // Jest's jsdom environment has no MessageChannel.
  if (typeof MessageChannel === "undefined") {
    setTimeout(callback, 0);
    return;
  }
  const { port1, port2 } = new MessageChannel();
  port1.onmessage = () => {
    port1.close();
    callback();
  };
  port2.postMessage(undefined);
}
