import type { Thread, ThreadGroup } from "@crayonai/react-core";
import type { LocaleValue } from "../locale/format";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The date options naming `date`, with its year when it is not `now`'s. */
function withYear(
  date: Date,
  now: Date,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormatOptions {
  return date.getFullYear() === now.getFullYear() ? options : { ...options, year: "numeric" };
}

/**
 * A thread's last activity as its row shows it, in the locale: "now", "5 min", "2 h" within a
 * day, the weekday within a week ("Mon"), else the date ("Nov 12", with the year in another).
 */
export function threadTime(date: Date, now: Date, { messages, format }: LocaleValue): string {
  const texts = messages.threadList;
  const ago = now.getTime() - date.getTime();
  if (ago < MINUTE) return texts.now;
  if (ago < HOUR) return texts.minutes(format.count(Math.floor(ago / MINUTE)));
  if (ago < DAY) return texts.hours(format.count(Math.floor(ago / HOUR)));
  return format.date(
    date,
    ago < 7 * DAY ? { weekday: "short" } : withYear(date, now, { day: "numeric", month: "short" }),
  );
}

/** The recency bands `useThreadGroups` names (in English), by the catalogue's key. */
const BANDS: Record<string, "today" | "yesterday" | "previous7Days" | "previous30Days"> = {
  Today: "today",
  Yesterday: "yesterday",
  "Previous 7 days": "previous7Days",
  "Previous 30 days": "previous30Days",
};

/** The last activity of a thread as a date. */
export const activityDate = (thread: Thread) => new Date(thread.updatedAt ?? thread.createdAt);

/**
 * A group's heading in the locale: its recency band's text, or for an older group the month
 * of its threads ("March", "December 2025" in another year).
 */
export function groupLabel(group: ThreadGroup, now: Date, { messages, format }: LocaleValue) {
  const band = Object.hasOwn(BANDS, group.label) ? BANDS[group.label] : undefined;
  if (band) return messages.threadList[band];
  const first = group.threads[0];
  const date = first ? activityDate(first) : undefined;
  if (!date || Number.isNaN(date.getTime())) return group.label;
  return format.date(date, withYear(date, now, { month: "long" }));
}
