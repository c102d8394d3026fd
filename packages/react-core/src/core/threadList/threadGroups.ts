import type { Thread, ThreadGroup } from "../../types";
import { byLastActivity, lastActivity } from "./threadActivity";

const DAY = 24 * 60 * 60 * 1000;

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** The recency band of a time, in the reader's time zone. */
function bandOf(time: number, now: Date): string {
  const today = startOfDay(now);
  if (time >= today) return "Today";
  if (time >= today - DAY) return "Yesterday";
  if (time >= today - 7 * DAY) return "Previous 7 days";
  if (time >= today - 30 * DAY) return "Previous 30 days";
  const date = new Date(time);
  const sameYear = date.getFullYear() === now.getFullYear();
  return date.toLocaleDateString("en-US", {
    month: "long",
    ...(!sameYear && { year: "numeric" }),
  });
}

/**
 * Threads ordered by last activity (newest first) and grouped by recency: "Today",
 * "Yesterday", "Previous 7 days", "Previous 30 days", then one group per month ("March",
 * "December 2025" for another year). Future times count as today.
 */
export function groupThreads(threads: readonly Thread[], now: Date = new Date()): ThreadGroup[] {
  const groups: ThreadGroup[] = [];
  for (const thread of byLastActivity(threads)) {
    const label = bandOf(lastActivity(thread), now);
    const last = groups[groups.length - 1];
    if (last?.label === label) last.threads.push(thread);
    else groups.push({ label, threads: [thread] });
  }
  return groups;
}
