import type { ToolDefinition } from "../../chatRequest";
import { isStrictSchema } from "./strictSchema";

/**
 * A function tool as the Responses API declares it (`FunctionTool`): the shape of the entries
 * of the request's `tools` made from the tools the client declares.
 */
export type OpenResponsesFunctionTool = {
  type: "function";
  name: string;
  description?: string;
  /** A JSON Schema of the arguments (an object schema). */
  parameters: Record<string, unknown>;
  /** True when `parameters` meets strict mode's rules: the model's arguments then always match it. */
  strict: boolean;
};

/** A tool declared to `useChat` as a Responses function tool, strict when its schema allows. */
export function toResponsesTool({
  name,
  description,
  parameters,
}: ToolDefinition): OpenResponsesFunctionTool {
  // A tool without parameters takes an empty object, which strict mode allows.
  const schema = parameters ?? {
    type: "object",
    properties: {},
    required: [],
    additionalProperties: false,
  };
  return {
    type: "function",
    name,
    ...(description !== undefined && { description }),
    parameters: schema,
    strict: isStrictSchema(schema),
  };
}
