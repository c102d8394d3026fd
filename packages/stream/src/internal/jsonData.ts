import type { StreamErrorEvent } from "../events";
import { errorEvent } from "./eventStream";

const EXCERPT = 120;

/** A value parsed from JSON, or the `malformed_event` error that explains why it could not be. */
export type ParsedJSON = { ok: true; value: any } | { ok: false; error: StreamErrorEvent };

/** Parses one event's JSON payload without throwing. */
export function parseJSONData(data: string, what: string): ParsedJSON {
  try {
    return { ok: true, value: JSON.parse(data) };
  } catch {
    const excerpt = data.length > EXCERPT ? `${data.slice(0, EXCERPT)}…` : data;
    return {
      ok: false,
      error: errorEvent("malformed_event", `Invalid JSON in ${what}: ${excerpt}`),
    };
  }
}

/** True for a non-null, non-array object. */
export function isRecord(value: unknown): value is Record<string, any> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
