import { isRecord } from "../../internal/jsonData";

/** `name` + a kind mark + optional `>alias`, e.g. `delta>text`, `patch[]`, `parentMessageId?`. */
const FIELD = /^(\w+)(\W*?)(?:>(\w+))?$/;

const CHECKS: Record<string, (value: unknown) => boolean> = {
  /** A string (required). */
  "": (value) => typeof value === "string",
  /** A string, or absent / null (then not copied). */
  "?": (value) => value == null || typeof value === "string",
  /** An array (required). */
  "[": Array.isArray,
  /** An object (required). */
  "{": isRecord,
  /** Any value (required). */
  "*": (value) => value !== undefined,
  /** Any value, or absent. */
  "~": () => true,
};

/**
 * Checks and copies the fields one event needs, by a compact spec: space-separated field names,
 * each followed by a kind mark (none: string, `?`: optional string, `[]`: array, `{}`: object,
 * `*`: any value, `~`: any optional value) and optionally `>alias` to copy it under another
 * name. Returns the copied fields, or the name of the first invalid field.
 *
 * @example
 * ```ts
 * eventFields({ messageId: "m1", delta: "Hi" }, "messageId delta>text"); // { messageId: "m1", text: "Hi" }
 * eventFields({ messageId: "m1" }, "messageId delta>text"); // "delta"
 * ```
 */
export function eventFields(
  event: Record<string, any>,
  spec: string,
): Record<string, any> | string {
  const fields: Record<string, any> = {};
  for (const field of spec.split(" ")) {
    const [, name, kind, alias] = FIELD.exec(field) as unknown as [string, string, string, string?];
    const value = event[name];
    if (!CHECKS[kind.charAt(0)]!(value)) return name;
    if (value !== undefined && (value !== null || kind !== "?")) fields[alias ?? name] = value;
  }
  return fields;
}
