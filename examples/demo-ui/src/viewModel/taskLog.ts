import { readArray, readRecord, readString } from "./read";

/** One line of a Workdeck task's log, ready to render. */
export type TaskLogLineView = {
  /** ISO time, for `<time dateTime>`; "" when the line had none. */
  at: string;
  /** "12:04:31", in the reader's time zone; "" when the line had none. */
  time: string;
  level: "info" | "warn" | "error";
  message: string;
};

const LEVELS = new Set(["info", "warn", "error"]);

/** Reads a task card's `log` (lines without a message are dropped). */
export function readTaskLog(value: unknown): TaskLogLineView[] {
  return readArray(value)
    .map(readRecord)
    .filter((line) => readString(line.message) !== "")
    .map((line) => {
      const at = readString(line.at);
      const date = new Date(at);
      const level = readString(line.level, "info");
      return {
        at: Number.isNaN(date.getTime()) ? "" : at,
        time: Number.isNaN(date.getTime())
          ? ""
          : date.toLocaleTimeString("en-GB", { hour12: false }),
        level: (LEVELS.has(level) ? level : "info") as TaskLogLineView["level"],
        message: readString(line.message),
      };
    });
}
