const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A short time of last activity for a thread row, relative to `now`: "now", "5 min", "2 h"
 * within a day, the weekday within a week ("Mon"), else the date ("12 Nov", "12 Nov 2024" in
 * another year). Empty for a time that cannot be read.
 */
export function threadTimeLabel(time: Date | string | number, now: Date = new Date()): string {
  const date = new Date(time);
  const at = date.getTime();
  if (Number.isNaN(at)) return "";
  const ago = now.getTime() - at;
  if (ago < MINUTE) return "now";
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h`;
  if (ago < 7 * DAY) return date.toLocaleDateString("en-GB", { weekday: "short" });
  return date.toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    ...(date.getFullYear() !== now.getFullYear() && { year: "numeric" }),
  });
}
