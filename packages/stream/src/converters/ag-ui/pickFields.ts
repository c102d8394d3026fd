/**
 * A new object with the listed fields of `source`, leaving out those that are unset. `null`
 * counts as unset: AG-UI's optional fields may be absent but never null.
 */
export function pickFields(
  source: Record<string, any>,
  fields: readonly string[],
): Record<string, any> {
  const picked: Record<string, any> = {};
  for (const field of fields) if (source[field] != null) picked[field] = source[field];
  return picked;
}
