import { isRecord } from "../../internal/jsonData";

/** Keywords OpenAI's strict mode does not support. */
const UNSUPPORTED = [
  "allOf",
  "oneOf",
  "not",
  "if",
  "then",
  "else",
  "patternProperties",
  "dependentRequired",
  "dependentSchemas",
];

/** The sub-schemas of a schema: its properties, items, `anyOf` branches and definitions. */
function children(schema: Record<string, unknown>): unknown[] {
  const list = (value: unknown) =>
    Array.isArray(value) ? value : value === undefined ? [] : [value];
  const values = (value: unknown) => (isRecord(value) ? Object.values(value) : []);
  return [
    ...values(schema.properties),
    ...list(schema.items),
    ...list(schema.prefixItems),
    ...list(schema.anyOf),
    ...values(schema.$defs),
    ...values(schema.definitions),
  ];
}

/** True when a (sub-)schema and everything in it follows strict mode's rules. */
function fits(schema: unknown): boolean {
  if (!isRecord(schema) || UNSUPPORTED.some((keyword) => keyword in schema)) return false;
  // Every schema says what it is.
  if (!["type", "anyOf", "$ref", "enum", "const"].some((keyword) => keyword in schema))
    return false;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes("object") || "properties" in schema) {
    const properties = schema.properties ?? {};
    const required: unknown[] = Array.isArray(schema.required) ? schema.required : [];
    if (schema.additionalProperties !== false || !isRecord(properties)) return false;
    if (!Object.keys(properties).every((name) => required.includes(name))) return false;
  }
  return children(schema).every(fits);
}

/**
 * True when a tool's parameters schema can be declared `strict: true` (OpenAI's structured
 * outputs for tool calls): an object schema in which every object lists all its properties in
 * `required` and sets `additionalProperties: false`, every sub-schema has a `type` (or `anyOf`,
 * `$ref`, `enum`, `const`), and none uses `allOf`, `oneOf`, `not`, `if`/`then`/`else`,
 * `patternProperties` or `dependent…` keywords. An optional field is strict as a required one
 * whose type allows `null`.
 */
export function isStrictSchema(schema: unknown): boolean {
  return isRecord(schema) && schema.type === "object" && fits(schema);
}
