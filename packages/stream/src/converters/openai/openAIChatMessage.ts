/** A text content part (`ChatCompletionContentPartText`). */
export type OpenAITextPart = { type: "text"; text: string };

/** A part of a user message's content (`ChatCompletionContentPart`). */
export type OpenAIUserContentPart =
  | OpenAITextPart
  | { type: "image_url"; image_url: { url: string; detail?: "auto" | "low" | "high" } }
  | { type: "input_audio"; input_audio: { data: string; format: "wav" | "mp3" } }
  | { type: "file"; file: { file_data?: string; file_id?: string; filename?: string } };

/** A tool call the assistant made (`ChatCompletionMessageToolCall`). */
export type OpenAIToolCall =
  | { id: string; type: "function"; function: { name: string; arguments: string } }
  | { id: string; type: "custom"; custom: { name: string; input: string } };

/**
 * An OpenAI Chat Completions message, structurally compatible with the `openai` package's
 * `ChatCompletionMessageParam` in both directions (and accepting the `ChatCompletionMessage` a
 * completion returns), without depending on that package.
 */
export type OpenAIChatMessage =
  | { role: "system"; content: string | OpenAITextPart[]; name?: string }
  | { role: "developer"; content: string | OpenAITextPart[]; name?: string }
  | { role: "user"; content: string | OpenAIUserContentPart[]; name?: string }
  | {
      role: "assistant";
      content?: string | Array<OpenAITextPart | { type: "refusal"; refusal: string }> | null;
      refusal?: string | null;
      name?: string;
      tool_calls?: OpenAIToolCall[];
      /** Deprecated by OpenAI in favour of `tool_calls`; read, never written. */
      function_call?: { name: string; arguments: string } | null;
      /** A previous audio response; read and ignored. */
      audio?: { id: string } | null;
    }
  | { role: "tool"; content: string | OpenAITextPart[]; tool_call_id: string }
  /** Deprecated by OpenAI in favour of `tool`; read, never written. */
  | { role: "function"; content: string | null; name: string };
