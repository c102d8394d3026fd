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
 * Builds one event's Crayon event, `{ type, …fields }`, from the AG-UI event, or returns the
 * name of its first invalid field.
 */
export type EventFieldsDecoder = (event: Record<string, any>) => Record<string, any> | string;

/** One field, prepared: where it is read, where it is copied to, its check, and whether null is left out. */
interface Field {
  name: string;
  key: string;
  check: (value: unknown) => boolean;
  optional: boolean;
}

/**
 * Compiles, once, the fields one event type needs from a compact spec: space-separated field
 * names, each followed by a kind mark (none: string, `?`: optional string, `[]`: array, `{}`:
 * object, `*`: any value, `~`: any optional value) and optionally `>alias` to copy it under
 * another name. The decoder checks and copies them into a new `{ type, … }` object.
 *
 * @example
 * ```ts
 * const decode = eventFields("text-delta", "messageId delta>text");
 * decode({ messageId: "m1", delta: "Hi" }); // { type: "text-delta", messageId: "m1", text: "Hi" }
 * decode({ messageId: "m1" }); // "delta"
 * ```
 */
export function eventFields(type: string, spec: string): EventFieldsDecoder {
  const fields = spec.split(" ").map((field): Field => {
    const [, name, kind, alias] = FIELD.exec(field) as unknown as [string, string, string, string?];
    return { name, key: alias ?? name, check: CHECKS[kind.charAt(0)]!, optional: kind === "?" };
  });
  return (event) => {
    const out: Record<string, any> = { type };
    for (let i = 0; i < fields.length; i++) {
      const { name, key, check, optional } = fields[i]!;
      const value = event[name];
      if (!check(value)) return name;
      if (value !== undefined && (value !== null || !optional)) out[key] = value;
    }
    return out;
  };
}
