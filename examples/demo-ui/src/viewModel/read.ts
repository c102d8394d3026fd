/**
 * Readers for activity content. Activities arrive over the network as untyped JSON, so the
 * renderers read every field through these and get a usable value even when one is missing.
 */

/** `value` if it is a string, else `fallback`. */
export function readString(value: unknown, fallback = ""): string {
  return typeof value === "string" ? value : fallback;
}

/** `value` if it is a finite number, else `fallback`. */
export function readNumber(value: unknown, fallback = 0): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

/** `value` if it is a finite number, else undefined. */
export function readOptionalNumber(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** `value` if it is an array, else an empty one. */
export function readArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** `value` if it is a plain object, else an empty one. */
export function readRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** The strings of an array (other items are dropped). */
export function readStrings(value: unknown): string[] {
  return readArray(value).filter((item): item is string => typeof item === "string");
}

/** A short, readable text for any JSON value (for input and output lists). */
export function displayValue(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "";
  return JSON.stringify(value) ?? String(value);
}
