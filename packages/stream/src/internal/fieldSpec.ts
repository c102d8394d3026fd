import { isRecord } from "./jsonData";

// A compact way to say what an object's fields must be, shared by the message and event guards
// (a table of strings costs far fewer bytes than one hand-written check per shape):
// "name:kind" pairs separated by spaces; kinds are `s` string, `o` object, `a` list, `b` boolean,
// `n` number, and a trailing `?` makes the field optional.

const KINDS: Record<string, (value: unknown) => boolean> = {
  s: (value) => typeof value === "string",
  o: isRecord,
  a: Array.isArray,
  b: (value) => typeof value === "boolean",
  n: (value) => typeof value === "number",
};

/**
 * The first field of `record` that breaks `spec`, with whether it is optional, or undefined
 * when every field fits. An optional field may be undefined, and also null unless `strict`.
 */
export function fieldProblem(
  record: Record<string, unknown>,
  spec: string,
  strict?: boolean,
): [name: string, optional: boolean] | undefined {
  for (const field of spec.split(" ")) {
    const [name, kind] = field.split(":") as [string, string];
    const optional = kind.length > 1;
    const value = record[name];
    if (optional && (value === undefined || (value === null && !strict))) continue;
    if (!KINDS[kind[0]!]!(value)) return [name, optional];
  }
  return undefined;
}

/** Why `value` is not an object fitting `spec`, or undefined when it is. */
export function shapeProblem(value: unknown, spec: string): string | undefined {
  if (!isRecord(value)) return "not an object";
  const problem = fieldProblem(value, spec);
  return problem && `invalid ${problem[0]}`;
}
