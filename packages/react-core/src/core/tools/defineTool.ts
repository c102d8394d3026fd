import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";
import type { ClientTool, ToolCallRequest } from "../../types";

// A client tool typed once from a Standard Schema (zod, valibot, arktype, …): the schema gives the
// JSON Schema backends receive, checks the model's arguments, and types `execute` and tool UIs.

type JSONSchemaObject = Record<string, unknown>;

/** One thing wrong with a call's arguments, and where: `path` like `"stops[1].city"` (absent for the whole). */
export type ToolArgsIssue = { message: string; path?: string };

/** A schema's verdict on a call's arguments: the value `execute` receives, or what is wrong. */
export type ToolArgsValidation<TArgs = unknown> =
  | { value: TArgs; issues?: undefined }
  | { issues: readonly ToolArgsIssue[] };

/** The fields every {@link defineTool} call takes, whatever its schema. */
type ToolFields<TName extends string, TArgs, TResult> = {
  /** The name the model calls the tool by. */
  name: TName;
  /** What the tool does, for the model to decide when to call it. */
  description?: string;
  /**
   * Runs the tool with the validated arguments (the schema's output: defaults and transforms
   * applied). Return the result, throw to report a failure, or return `undefined` to leave the
   * call to the UI.
   */
  execute?: (args: TArgs, request: ToolCallRequest) => TResult | Promise<TResult>;
};

/**
 * What {@link defineTool} takes. `schema` is any Standard Schema v1. The JSON Schema sent to
 * backends is `parameters` when given, else the schema's own (Standard JSON Schema: zod ≥ 4.2,
 * arktype ≥ 2.1.28, valibot wrapped in `toStandardJsonSchema` from `@valibot/to-json-schema`);
 * a schema without one needs `parameters`.
 */
export type DefineToolOptions<
  TName extends string,
  TSchema extends StandardSchemaV1,
  TResult,
> = ToolFields<TName, StandardSchemaV1.InferOutput<TSchema>, TResult> & {
  /** Checks and types the arguments; its JSON Schema, if it has one, is what backends receive. */
  schema: TSchema;
} & (TSchema extends { "~standard": { jsonSchema: unknown } }
    ? {
        /** A JSON Schema of the arguments, sent instead of the schema's own. */
        parameters?: JSONSchemaObject;
      }
    : {
        /** The JSON Schema of the arguments backends receive: this schema has none of its own. */
        parameters: JSONSchemaObject;
      });

/**
 * A tool made by {@link defineTool}: a {@link ClientTool} whose name, arguments and result are
 * known to the type system, so tool UIs registered for it get typed `args` and `result`.
 *
 * @typeParam TName - the tool's name.
 * @typeParam TArgs - its arguments, as validated (the schema's output).
 * @typeParam TResult - what `execute` resolves to (`unknown` without `execute`).
 */
export type DefinedTool<TName extends string = string, TArgs = unknown, TResult = unknown> = Omit<
  ClientTool,
  "name" | "parameters" | "execute"
> & {
  name: TName;
  parameters: JSONSchemaObject;
  /**
   * Validates the call's arguments, then runs the `execute` given to `defineTool` with the
   * schema's output; throws an error naming each issue when the schema rejects them. Without an
   * `execute` given, resolves to `undefined` for valid arguments (the UI answers the call).
   */
  execute: (args: unknown, request: ToolCallRequest) => Promise<TResult | undefined>;
  /** Checks arguments with the schema, as `execute` does (a tool UI shows its verdict). */
  validate: (args: unknown) => ToolArgsValidation<TArgs> | Promise<ToolArgsValidation<TArgs>>;
  /** Types only, never set: what the tool's UI receives. */
  readonly "~types"?: { args: TArgs; result: TResult };
};

/** The target most model providers accept (OpenAI, Anthropic, Gemini read draft-07 keywords). */
const JSON_SCHEMA_TARGET = "draft-07";

/**
 * Declares a client tool from a Standard Schema v1 (zod 4, valibot, arktype, …), typed once:
 * the schema's JSON Schema is what backends receive, the model's arguments are validated with
 * it before `execute` (or a tool UI registered with `toolUIsFor`) sees them — invalid ones
 * answer the call with an error naming each issue and its path, which the model sees, also for
 * a tool without `execute` — and `execute` receives the schema's output. The tool's calls never
 * reach `onToolCall`. Pass the result in `tools`; `toolUIsFor` in `@crayonai/react-ui` types
 * its UI from it. No validator is bundled: the schema library is the app's.
 *
 * @throws TypeError when the schema has no JSON Schema and `parameters` is not given, or when
 *   the schema cannot describe its input as JSON Schema.
 *
 * @example
 * ```ts
 * const getWeather = defineTool({
 *   name: "get_weather",
 *   description: "Current weather in a city",
 *   schema: z.object({ city: z.string(), unit: z.enum(["C", "F"]).default("C") }),
 *   execute: ({ city, unit }) => fetchWeather(city, unit),
 * });
 * useChat({ ...openAIBackend({ baseURL: "/v1", model: "gpt-4o-mini" }), tools: [getWeather] });
 * ```
 */
export function defineTool<
  const TName extends string,
  TSchema extends StandardSchemaV1,
  TResult = unknown,
>(
  options: DefineToolOptions<TName, TSchema, TResult>,
): DefinedTool<TName, StandardSchemaV1.InferOutput<TSchema>, Awaited<TResult>> {
  const { name, description, schema, parameters, execute } = options;
  const standard = schema["~standard"];
  const validate = (args: unknown) => {
    const result = standard.validate(args);
    return result instanceof Promise ? result.then(toValidation) : toValidation(result);
  };
  return {
    name,
    ...(description !== undefined && { description }),
    parameters: parameters ?? jsonSchemaOf(name, standard),
    validate,
    // Validation lives here, not in the engine, so apps without defineTool never load it.
    execute: async (args, request) => {
      const checked = await validate(args);
      if (checked.issues) throw new Error(invalidArgsMessage(name, checked.issues));
      return execute?.(checked.value, { ...request, args: checked.value });
    },
  } as DefinedTool<TName, StandardSchemaV1.InferOutput<TSchema>, Awaited<TResult>>;
}

/** What the model reads when it called the tool with arguments the schema rejects. */
function invalidArgsMessage(name: string, issues: readonly ToolArgsIssue[]): string {
  const named = issues.map((issue) => (issue.path ? `${issue.path}: ` : "") + issue.message);
  return `Invalid arguments for ${name}: ${named.join("; ")}`;
}

function jsonSchemaOf(
  name: string,
  standard: StandardSchemaV1.Props & Partial<StandardJSONSchemaV1.Props>,
): JSONSchemaObject {
  if (!standard.jsonSchema) {
    throw new TypeError(
      `defineTool("${name}"): the ${standard.vendor} schema has no JSON Schema for the backend. ` +
        "Pass `parameters` (a JSON Schema of the arguments), or a schema implementing Standard " +
        "JSON Schema (zod ≥ 4.2, arktype ≥ 2.1.28, valibot through toStandardJsonSchema from " +
        "@valibot/to-json-schema).",
    );
  }
  try {
    return standard.jsonSchema.input({ target: JSON_SCHEMA_TARGET });
  } catch (cause) {
    throw new TypeError(
      `defineTool("${name}"): the ${standard.vendor} schema cannot be written as JSON Schema ` +
        `(${cause instanceof Error ? cause.message : String(cause)}). Pass \`parameters\`.`,
      { cause },
    );
  }
}

function toValidation<T>(result: StandardSchemaV1.Result<T>): ToolArgsValidation<T> {
  if (!result.issues) return { value: result.value };
  return {
    issues: result.issues.map((issue): ToolArgsIssue => {
      const path = issuePath(issue.path);
      return path ? { message: issue.message, path } : { message: issue.message };
    }),
  };
}

/** `["stops", 1, "city"]` (keys or `{ key }` segments) as `"stops[1].city"`. */
function issuePath(path: StandardSchemaV1.Issue["path"]): string {
  let text = "";
  for (const segment of path ?? []) {
    const key = typeof segment === "object" ? segment.key : segment;
    if (typeof key === "number") text += `[${key}]`;
    else text += text ? `.${String(key)}` : String(key);
  }
  return text;
}
