import { plural } from "./format";
import { statusView } from "./status";

/**
 * Where a piece of work stands with its attempts. While it runs it counts ("Attempt 2 of 3");
 * once it has finished it says how it ended ("Completed on attempt 2"), since a counter on a
 * finished card reads as if it were still going.
 */
export function attemptsText(status: string, attempt: number, maxAttempts: number): string {
  switch (status) {
    case "completed":
    case "succeeded":
      return `${statusView(status).label} on attempt ${attempt}`;
    case "failed":
      return `Failed after ${plural(attempt, "attempt")}`;
    case "stopped":
      return `Stopped on attempt ${attempt} of ${maxAttempts}`;
    case "pending":
      return `Up to ${plural(maxAttempts, "attempt")}`;
    default:
      return `Attempt ${attempt} of ${maxAttempts}`;
  }
}
