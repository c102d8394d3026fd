import { isRecord } from "../../internal/jsonData";

/** The parts of a zod 4 schema's definition this walk reads. */
type SchemaDef = {
  type: string;
  shape?: Record<string, { _zod: { def: SchemaDef } }>;
  element?: { _zod: { def: SchemaDef } };
  options?: Array<{ _zod: { def: SchemaDef }; safeParse(value: unknown): { success: boolean } }>;
  innerType?: { _zod: { def: SchemaDef } };
  in?: { _zod: { def: SchemaDef } };
};

/**
 * Test support: the paths (`/messages/0/status`) of the fields in `value` that a zod 4 schema
 * does not declare. `@ag-ui/core`'s validators accept unknown fields, while the AG-UI 1.0
 * specification closes every object; an empty list means `value` is valid against the closed
 * form too (for values the schema itself accepts). Open values (`metadata`, `state`, activity
 * `content`, …) are not looked into.
 */
export function undeclaredFields(
  value: unknown,
  schema: { _zod: { def: unknown } },
  path = "",
): string[] {
  const def = schema._zod.def as SchemaDef;
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
      return undeclaredFields(value, def.innerType!, path);
    case "pipe":
      return undeclaredFields(value, def.in!, path);
    case "array":
      return Array.isArray(value)
        ? value.flatMap((item, i) => undeclaredFields(item, def.element!, `${path}/${i}`))
        : [];
    case "union": {
      const option = def.options!.find((candidate) => candidate.safeParse(value).success);
      return option ? undeclaredFields(value, option, path) : [];
    }
    case "object": {
      if (!isRecord(value)) return [];
      const shape = def.shape!;
      return Object.keys(value).flatMap((key) =>
        Object.hasOwn(shape, key)
          ? undeclaredFields(value[key], shape[key]!, `${path}/${key}`)
          : [`${path}/${key}`],
      );
    }
    default:
      return [];
  }
}
