/**
 * Milliseconds of markdown formatting one main-thread task may spend, shared by every markdown
 * view on the page (a list scrolled fast mounts several rows per frame). Together with React's
 * own work and layout this keeps a frame's task under the 50 ms of a long task; what is left
 * is shown as text and formatted in the following tasks.
 */
export const FORMAT_MS_PER_TASK = 10;

let deadline: number | undefined;

/**
 * Whether the current task still has time for formatting. The first call in a task starts its
 * budget; the budget ends with the task (a microtask resets it).
 */
export function taskHasFormattingTime(): boolean {
  const now = performance.now();
  if (deadline === undefined) {
    deadline = now + FORMAT_MS_PER_TASK;
    queueMicrotask(() => {
      deadline = undefined;
    });
  }
  return now < deadline;
}
