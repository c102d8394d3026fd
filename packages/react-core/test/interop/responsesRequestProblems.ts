/**
 * What the OpenAI Responses API would answer `400` to in a streaming `POST /v1/responses`, one
 * line per problem (none: the request is valid), written from the API's reference and the error
 * messages it gives: known fields only, items in their closed shapes, and the conversation rules
 * (a tool output answers an earlier call, a call has its output, an approval answer its request,
 * reasoning comes with the item that followed it, items the provider made are sent back as it
 * made them).
 */

type Item = Record<string, any>;

/** What the model server remembers of the items it produced. */
export type ProducedItems = {
  /** Each output item by id, as it was streamed. */
  byId: Map<string, Item>;
  /** The id of the item that followed each reasoning item in its response. */
  followerOf: Map<string, string | undefined>;
};

const BODY_FIELDS = new Set([
  "model",
  "input",
  "stream",
  "store",
  "tools",
  "include",
  "previous_response_id",
  "instructions",
  "reasoning",
  "max_output_tokens",
  "temperature",
  "tool_choice",
  "parallel_tool_calls",
  "metadata",
  "text",
]);

const INCLUDABLE = new Set([
  "reasoning.encrypted_content",
  "file_search_call.results",
  "web_search_call.results",
  "web_search_call.action.sources",
  "message.input_image.image_url",
  "computer_call_output.output.image_url",
  "code_interpreter_call.outputs",
  "message.output_text.logprobs",
]);

/** The fields each input item type may have, besides `type`. */
const ITEM_FIELDS: Record<string, string[]> = {
  message: ["role", "content", "id", "status"],
  reasoning: ["id", "summary", "encrypted_content", "content", "status"],
  function_call: ["call_id", "name", "arguments", "id", "status"],
  function_call_output: ["call_id", "output", "id", "status"],
  mcp_list_tools: ["id", "server_label", "tools", "error"],
  mcp_approval_request: ["id", "server_label", "name", "arguments"],
  mcp_approval_response: ["approval_request_id", "approve", "reason", "id"],
  mcp_call: [
    "id",
    "server_label",
    "name",
    "arguments",
    "output",
    "error",
    "status",
    "approval_request_id",
  ],
};

const PART_FIELDS: Record<string, string[]> = {
  input_text: ["text"],
  input_image: ["detail", "image_url", "file_id"],
  input_file: ["file_data", "file_url", "file_id", "filename"],
  output_text: ["text", "annotations", "logprobs"],
  refusal: ["refusal"],
};

const isObject = (value: unknown): value is Item =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** JSON text with object keys in order: equal for equal values, whatever their key order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v) =>
    isObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );

/** The fields of `value` that `allowed` does not name, as the API reports them. */
function unknownFields(value: Item, allowed: string[], path: string): string[] {
  return Object.keys(value)
    .filter((key) => key !== "type" && !allowed.includes(key))
    .map((key) => `Unknown parameter: '${path}.${key}'.`);
}

/** True when a strict function tool's schema follows strict mode's rules (objects only). */
function strictSchemaProblem(schema: unknown, path: string): string | undefined {
  if (!isObject(schema)) return `Invalid schema for function at '${path}': not an object.`;
  if (schema.type === "object" || "properties" in schema) {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const required: unknown[] = Array.isArray(schema.required) ? schema.required : [];
    if (schema.additionalProperties !== false) {
      return `Invalid schema for function at '${path}': 'additionalProperties' is required to be supplied and to be false.`;
    }
    const missing = Object.keys(properties).find((key) => !required.includes(key));
    if (missing) {
      return `Invalid schema for function at '${path}': 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
    }
    for (const [key, value] of Object.entries(properties)) {
      const problem = strictSchemaProblem(value, `${path}.properties.${key}`);
      if (problem) return problem;
    }
  }
  return undefined;
}

function toolProblems(tools: unknown): string[] {
  if (tools === undefined) return [];
  if (!Array.isArray(tools) || tools.length === 0) return ["Invalid 'tools': empty array."];
  return tools.flatMap((tool, index): string[] => {
    const path = `tools[${index}]`;
    if (!isObject(tool)) return [`Invalid type for '${path}'.`];
    if (tool.type === "function") {
      const problems = unknownFields(tool, ["name", "description", "parameters", "strict"], path);
      if (typeof tool.name !== "string")
        problems.push(`Missing required parameter: '${path}.name'.`);
      if (!isObject(tool.parameters)) {
        problems.push(`Missing required parameter: '${path}.parameters'.`);
      }
      if (tool.strict === true) {
        const problem = strictSchemaProblem(tool.parameters, `${path}.parameters`);
        if (problem) problems.push(problem);
      }
      return problems;
    }
    if (tool.type === "mcp") {
      return typeof tool.server_label === "string" && typeof tool.server_url === "string"
        ? []
        : [`Missing required parameter: '${path}.server_label' or '${path}.server_url'.`];
    }
    return [`Invalid value: '${tool.type}'. Supported values are: 'function' and 'mcp'.`];
  });
}

function contentProblems(item: Item, path: string): string[] {
  const { role, content, id } = item;
  if (!["user", "system", "developer", "assistant"].includes(role)) {
    return [`Invalid value: '${role}' at '${path}.role'.`];
  }
  if (typeof content === "string") {
    return id === undefined ? [] : [`Invalid type for '${path}.content': expected an array.`];
  }
  if (!Array.isArray(content)) return [`Invalid type for '${path}.content'.`];
  const kinds =
    role === "assistant" ? ["output_text", "refusal"] : ["input_text", "input_image", "input_file"];
  return content.flatMap((part: unknown, index: number): string[] => {
    const partPath = `${path}.content[${index}]`;
    if (!isObject(part) || !kinds.includes(part.type)) {
      return [`Invalid value: '${isObject(part) ? part.type : part}' at '${partPath}.type'.`];
    }
    return unknownFields(part, PART_FIELDS[part.type]!, partPath);
  });
}

/**
 * The problems of one request. `conversation` is what the response it continues
 * (`previous_response_id`) already holds, undefined when it names a response the server does
 * not know.
 */
export function responsesRequestProblems(
  body: Item,
  conversation: Item[] | undefined,
  produced: ProducedItems,
): string[] {
  const problems = Object.keys(body)
    .filter((key) => !BODY_FIELDS.has(key))
    .map((key) => `Unknown parameter: '${key}'.`);
  if (body.stream !== true) problems.push("This server only streams: 'stream' must be true.");
  if (typeof body.model !== "string") problems.push("Missing required parameter: 'model'.");
  if (body.previous_response_id !== undefined && conversation === undefined) {
    problems.push(`Previous response with id '${body.previous_response_id}' not found.`);
  }
  for (const value of Array.isArray(body.include) ? body.include : []) {
    if (!INCLUDABLE.has(value)) problems.push(`Invalid value: '${value}' in 'include'.`);
  }
  problems.push(...toolProblems(body.tools));
  const input: unknown[] = Array.isArray(body.input) ? body.input : [];
  if (!Array.isArray(body.input) || input.length === 0) {
    problems.push("Invalid 'input': expected a non-empty array of items.");
  }

  input.forEach((item, index) => {
    const path = `input[${index}]`;
    if (!isObject(item)) {
      problems.push(`Invalid type for '${path}'.`);
      return;
    }
    const type = item.type ?? (item.role ? "message" : undefined);
    const fields = ITEM_FIELDS[type];
    if (!fields) {
      problems.push(`Invalid value: '${type}' at '${path}.type'.`);
      return;
    }
    problems.push(...unknownFields(item, fields, path));
    if (type === "message") problems.push(...contentProblems(item, path));
    if (type === "function_call") {
      try {
        JSON.parse(item.arguments);
      } catch {
        problems.push(`Invalid '${path}.arguments': not JSON.`);
      }
      if (item.id !== undefined && !produced.byId.has(item.id)) {
        problems.push(`Item with id '${item.id}' not found.`);
      }
    }
    // Items the provider made go back under its ids, as it made them.
    const made =
      typeof item.id === "string" && type !== "function_call"
        ? produced.byId.get(item.id)
        : undefined;
    if (
      typeof item.id === "string" &&
      type !== "function_call" &&
      type !== "mcp_approval_response"
    ) {
      if (!made) problems.push(`Item with id '${item.id}' not found.`);
      else if (type === "message" && canonical(item.content) !== canonical(made.content)) {
        problems.push(`Item '${item.id}' differs from the message the model wrote.`);
      } else if (
        type !== "message" &&
        type !== "reasoning" &&
        canonical(item) !== canonical(made)
      ) {
        problems.push(`Item '${item.id}' of type '${type}' differs from the item the model made.`);
      }
    }
    if (type === "reasoning" && made) {
      const next = input[index + 1];
      const follower = produced.followerOf.get(item.id);
      if (!isObject(next) || next.id !== follower) {
        problems.push(
          `Item '${item.id}' of type 'reasoning' was provided without its required following item.`,
        );
      }
    }
  });

  // The conversation rules, over what the continued response holds and the new input.
  const all: Item[] = [...(conversation ?? []), ...input.filter(isObject)];
  all.forEach((item, index) => {
    const before = all.slice(0, index);
    const after = all.slice(index + 1);
    if (
      item.type === "function_call_output" &&
      !before.some((b) => b.type === "function_call" && b.call_id === item.call_id)
    ) {
      problems.push(`No tool call found for function call output with call_id ${item.call_id}.`);
    }
    if (
      item.type === "function_call" &&
      !after.some((a) => a.type === "function_call_output" && a.call_id === item.call_id)
    ) {
      problems.push(`No tool output found for function call ${item.call_id}.`);
    }
    if (
      item.type === "mcp_approval_response" &&
      !before.some((b) => b.type === "mcp_approval_request" && b.id === item.approval_request_id)
    ) {
      problems.push(`No approval request found with id ${item.approval_request_id}.`);
    }
  });
  return problems;
}
