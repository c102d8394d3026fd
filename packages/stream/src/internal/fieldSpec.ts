import { isRecord } from "./jsonData";

// A compact way to say what an object's fields must be, shared by the message and event guards
// (a table of strings costs far fewer bytes than one hand-written check per shape):
// "name:kind" pairs separated by spaces; kinds are `s` string, `o` object, `a` list, `b` boolean,
// `n` number, or the allowed strings separated by `|` (`kind:url|document`), and a trailing `?`
// makes the field optional.

const KINDS: Record<string, (value: unknown) => boolean> = {
  s: (value) => typeof value === "string",
  o: isRecord,
  a: Array.isArray,
  b: (value) => typeof value === "boolean",
  n: (value) => typeof value === "number",
};

/**
 * `table[key]` when `key` is one of the table's own keys. Keys from outside may be `toString`,
 * `constructor` or `__proto__`, which a plain lookup would find on the prototype.
 */
export const ownEntry = <T>(table: Record<string, T>, key: unknown): T | undefined =>
  typeof key === "string" && Object.hasOwn(table, key) ? table[key] : undefined;

/** One field of a spec: its name, what its value must pass, and whether it is optional. */
type Field = [name: string, fits: (value: unknown) => boolean, optional: boolean];

// Each spec is parsed once: the accumulator checks every streamed event against one, and
// splitting the text on every call made it several times slower. Specs are constants, so
// the map stays small.
const parsed = new Map<string, Field[]>();

function parseSpec(spec: string): Field[] {
  return spec.split(" ").map((field) => {
    const [name, kind] = field.split(":") as [string, string];
    const optional = kind.endsWith("?");
    const type = optional ? kind.slice(0, -1) : kind;
    const allowed = type.split("|");
    const fits =
      type.length > 1 ? (value: unknown) => allowed.includes(value as string) : KINDS[type]!;
    return [name, fits, optional];
  });
}

/**
 * The first field of `record` that breaks `spec`, with whether it is optional, or undefined
 * when every field fits. An optional field may be undefined, and also null unless `strict`.
 */
export function fieldProblem(
  record: Record<string, unknown>,
  spec: string,
  strict?: boolean,
): [name: string, optional: boolean] | undefined {
  let fields = parsed.get(spec);
  if (!fields) {
    fields = parseSpec(spec);
    parsed.set(spec, fields);
  }
  for (const [name, fits, optional] of fields) {
    const value = record[name];
    if (optional && (value === undefined || (value === null && !strict))) continue;
    if (!fits(value)) return [name, optional];
  }
  return undefined;
}

/** Why `value` is not an object fitting `spec`, or undefined when it is. */
export function shapeProblem(value: unknown, spec: string): string | undefined {
  if (!isRecord(value)) return "not an object";
  const problem = fieldProblem(value, spec);
  return problem && `invalid ${problem[0]}`;
}
