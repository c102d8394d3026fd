/** A field name as words: `startTime` and `start_time` read "Start time". */
export function humanize(key: string): string {
  const spaced = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** A value as text: strings as they are, anything else as compact JSON. */
export function valueText(value: unknown): string {
  if (typeof value === "string") return value;
  return JSON.stringify(value) ?? String(value);
}

/**
 * An object's fields as readable `[label, text]` pairs, when it is a plain object whose
 * values are all short scalars; otherwise undefined (show it as JSON instead).
 */
export function readableFields(value: unknown): [string, string][] | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const entries = Object.entries(value);
  if (entries.length === 0) return undefined;
  const scalar = (v: unknown) => v === null || ["string", "number", "boolean"].includes(typeof v);
  if (!entries.every(([, v]) => scalar(v) && valueText(v).length <= 200)) return undefined;
  return entries.map(([key, v]) => [humanize(key), valueText(v)]);
}
