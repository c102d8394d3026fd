/** Deletes the keys of `value` whose value is `undefined` (optional fields left unset) and returns it. */
export function withoutUndefined<T extends object>(value: T): T {
  for (const key in value) if (value[key] === undefined) delete value[key];
  return value;
}
