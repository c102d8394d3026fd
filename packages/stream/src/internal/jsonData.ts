import { type Emit, errorEvent, excerpt } from "./eventStream";

/**
 * Parses one event's JSON payload without throwing. Data that is not JSON is reported with a
 * `malformed_event` error (quoting its start) and gives `undefined`, which no JSON text parses
 * to. No result object is made: this runs once per event.
 */
export function parseJSONData(data: string, what: string, emit: Emit): any {
  try {
    return JSON.parse(data);
  } catch {
    emit(errorEvent("malformed_event", `Invalid JSON in ${what}: ${excerpt(data, 120)}`));
  }
}

/** True for a non-null, non-array object. */
export function isRecord(value: unknown): value is Record<string, any> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
