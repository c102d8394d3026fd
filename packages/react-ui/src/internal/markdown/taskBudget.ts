/**
 * Milliseconds of markdown formatting one main-thread task may spend, shared by every markdown
 * view on the page (a thread loaded from history renders many of them in one task). Together
 * with lexing, React's own work and layout this keeps tasks well under 200 ms.
 */
export const FORMAT_MS_PER_TASK = 40;

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
