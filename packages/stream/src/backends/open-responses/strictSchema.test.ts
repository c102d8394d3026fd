import { describe, expect, it } from "vitest";
import { toResponsesTool } from "./responsesTool";
import { isStrictSchema } from "./strictSchema";

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: "object",
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
  ...extra,
});

describe("isStrictSchema", () => {
  it("accepts object schemas that require every property and allow no others, at every depth", () => {
    expect(isStrictSchema(object({}))).toBe(true);
    expect(
      isStrictSchema(
        object(
          {
            city: { type: "string", description: "A city" },
            unit: { type: ["string", "null"], enum: ["c", "f", null] },
            days: { type: "array", items: object({ day: { type: "integer" } }) },
            place: { anyOf: [object({ lat: { type: "number" } }), { type: "null" }] },
            home: { $ref: "#/$defs/address" },
          },
          { $defs: { address: object({ street: { type: "string" } }) } },
        ),
      ),
    ).toBe(true);
  });

  it("refuses what strict mode does not take", () => {
    const refused: unknown[] = [
      undefined,
      { type: "string" },
      { type: "object", properties: { a: { type: "string" } }, additionalProperties: false },
      { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
      object({ a: { type: "object", properties: { b: { type: "string" } }, required: ["b"] } }),
      object({ a: { type: "array", items: { type: "object", properties: {} } } }),
      object({ a: {} }),
      object({ a: { oneOf: [{ type: "string" }, { type: "number" }] } }),
      object({ a: { type: "string" } }, { allOf: [] }),
      object({}, { $defs: { loose: { type: "object" } } }),
      object({}, { patternProperties: { "^x": { type: "string" } } }),
    ];
    for (const schema of refused)
      expect(isStrictSchema(schema), JSON.stringify(schema)).toBe(false);
  });
});

describe("toResponsesTool", () => {
  it("declares a function tool, strict only when its schema allows; no parameters is a strict empty object", () => {
    expect(toResponsesTool({ name: "now" })).toEqual({
      type: "function",
      name: "now",
      parameters: { type: "object", properties: {}, required: [], additionalProperties: false },
      strict: true,
    });
    const loose = { type: "object", properties: { city: { type: "string" } } };
    expect(toResponsesTool({ name: "weather", description: "Weather", parameters: loose })).toEqual(
      {
        type: "function",
        name: "weather",
        description: "Weather",
        parameters: loose,
        strict: false,
      },
    );
  });
});
