import type { CrayonStreamEvent, Message } from "@crayonai/stream";
import { createMessageAccumulator } from "@crayonai/stream/accumulator";
import { openAIChatAdapter } from "@crayonai/stream/adapters/openai";
import { openAIMessageConverter } from "@crayonai/stream/converters/openai";
import { createId } from "../agent/ids";
import { runWeatherTool, weatherToolDefinition } from "../agent/weather";

/** Where the real model lives. */
export type OpenAIOptions = {
  apiKey: string;
  /** An OpenAI-compatible API root. Default `https://api.openai.com/v1`. */
  baseURL?: string;
  /** Default `gpt-4o-mini`. */
  model?: string;
};

/** The default model when none is configured. */
export const defaultOpenAIModel = "gpt-4o-mini";

/** How many times the model may call the weather tool before it must answer. */
const MAX_TOOL_ROUNDS = 3;

const SYSTEM_PROMPT =
  "You are the assistant of the Crayon demo app. Answer briefly in GitHub-flavoured markdown. " +
  "You can look up the weather with the get_weather tool. Commands starting with / are handled by scripts, not by you.";

type PendingCall = { id: string; name: string; arguments: string };

/**
 * Answers with an OpenAI-compatible Chat Completions model, streamed: the thread is converted
 * with `openAIMessageConverter`, the reply decoded with `openAIChatAdapter`. The model may call
 * `get_weather`, which runs here on the server; its result is streamed as a tool result and the
 * model is asked again, up to {@link MAX_TOOL_ROUNDS} times.
 */
export async function* openAIReply(params: {
  messages: Message[];
  signal: AbortSignal;
  openai: OpenAIOptions;
}): AsyncGenerator<CrayonStreamEvent> {
  const { openai, signal } = params;
  const url = `${(openai.baseURL ?? "https://api.openai.com/v1").replace(/\/+$/, "")}/chat/completions`;
  const converter = openAIMessageConverter();
  const thread = createMessageAccumulator({ messages: params.messages });

  for (let round = 0; round <= MAX_TOOL_ROUNDS; round++) {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${openai.apiKey}` },
      body: JSON.stringify({
        model: openai.model ?? defaultOpenAIModel,
        stream: true,
        messages: [
          { role: "system", content: SYSTEM_PROMPT },
          ...converter.toExternal(thread.getMessages()),
        ],
        // The last round offers no tool, so the model has to answer.
        ...(round < MAX_TOOL_ROUNDS ? { tools: [weatherToolDefinition] } : {}),
      }),
      signal,
    });

    const calls = new Map<string, PendingCall>();
    for await (const event of openAIChatAdapter().parse(response)) {
      // The run's boundaries are the caller's; each completion would otherwise end it.
      if (event.type === "run-start" || event.type === "run-finish") continue;
      if (event.type === "tool-call-start") {
        calls.set(event.toolCallId, {
          id: event.toolCallId,
          name: event.toolCallName,
          arguments: "",
        });
      } else if (event.type === "tool-call-args") {
        const call = calls.get(event.toolCallId);
        if (call) call.arguments += event.delta;
      }
      thread.apply(event);
      yield event;
      if (event.type === "error") return;
    }
    thread.finish();
    if (calls.size === 0) return;

    for (const call of calls.values()) {
      const result: CrayonStreamEvent =
        call.name === weatherToolDefinition.function.name
          ? {
              type: "tool-call-result",
              toolCallId: call.id,
              content: JSON.stringify(runWeatherTool(call.arguments)),
              messageId: createId("tool"),
            }
          : {
              type: "tool-call-result",
              toolCallId: call.id,
              content: "",
              error: `Unknown tool: ${call.name}`,
              messageId: createId("tool"),
            };
      thread.apply(result);
      yield result;
    }
  }
}
