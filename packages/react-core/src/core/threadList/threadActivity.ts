import type { Thread } from "../../types";

/** A thread's last activity in milliseconds: `updatedAt`, else `createdAt` (NaN counts as 0). */
export function lastActivity(thread: Thread): number {
  const time = new Date(thread.updatedAt ?? thread.createdAt).getTime();
  return Number.isNaN(time) ? 0 : time;
}

/** Threads ordered by last activity, newest first (equal times keep their order). */
export function byLastActivity(threads: readonly Thread[]): Thread[] {
  return threads
    .map((thread, index) => ({ thread, index, time: lastActivity(thread) }))
    .sort((a, b) => b.time - a.time || a.index - b.index)
    .map(({ thread }) => thread);
}
