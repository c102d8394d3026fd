import type { CrayonStreamEvent, Message } from "@crayonai/stream";
import { findToolCall } from "../conversation";
import { createId } from "../ids";
import type { Script, ScriptContext } from "../script";
import { assistantMessage, textDeltas } from "../scriptEvents";
import { fixedChunks } from "../textChunks";
import { demoToolNames } from "../toolNames";
import { runWeatherTool, type WeatherReport, weatherFor } from "../weather";

/** The tool /tool calls. */
export const weatherToolName = demoToolNames.weather;

/** The city named after the command (`/tool Paris`), Berlin by default. */
function cityOf(input: string): string {
  return input.replace(/^\/tool\b/i, "").trim() || "Berlin";
}

/**
 * The answer under the weather card: the headline and what to wear, not the card's figures
 * again (humidity and wind stay on the card). Protocols without tool calls show no card, so
 * the headline stays in the text.
 */
export function weatherSentence(report: WeatherReport): string {
  const { temperatureC: t, condition } = report;
  const advice = /rain/.test(condition)
    ? "take an umbrella"
    : t < 8
      ? "wear a warm coat"
      : t < 18
        ? "a light jacket will do"
        : "no jacket needed";
  const headline = `${condition[0]!.toUpperCase()}${condition.slice(1)}, ${t} °C`;
  return `${headline} in ${report.city}: **${advice}**.`;
}

/**
 * What the client sent back for a weather call it ran itself, when that tool message ends the
 * conversation: the report, or the tool's error.
 */
function clientResult(
  messages: readonly Message[],
): { report: WeatherReport } | { error: string } | undefined {
  const last = messages[messages.length - 1];
  if (last?.role !== "tool") return undefined;
  const call = findToolCall(messages, last.toolCallId);
  if (call?.function.name !== weatherToolName) return undefined;
  if (last.error !== undefined) return { error: last.error };
  try {
    const report = JSON.parse(typeof last.content === "string" ? last.content : "");
    if (typeof report?.city === "string" && typeof report.temperatureC === "number")
      return { report };
  } catch {
    // Not the report the tool returns: look the weather up from the call's arguments.
  }
  return { report: runWeatherTool(call.function.arguments) };
}

function answerClientResult(result: { report: WeatherReport } | { error: string }) {
  return assistantMessage(
    "report" in result
      ? weatherSentence(result.report)
      : `I could not get the weather: ${result.error}`,
  );
}

async function* tool({ input, clientTools }: ScriptContext): AsyncGenerator<CrayonStreamEvent> {
  const city = cityOf(input);
  const messageId = createId("msg");
  const toolCallId = createId("call");
  yield { type: "message-start", messageId };
  yield* textDeltas(`Let me check the weather in ${city}.`, messageId);
  yield {
    type: "tool-call-start",
    toolCallId,
    toolCallName: weatherToolName,
    parentMessageId: messageId,
  };
  // Arguments arrive in pieces, as a model streams them.
  for (const delta of fixedChunks(JSON.stringify({ city }), 4)) {
    yield { type: "tool-call-args", toolCallId, delta };
  }
  yield { type: "tool-call-end", toolCallId };
  yield { type: "message-end", messageId };
  // The client runs the tool it declared, and the next request brings its result.
  if (clientTools?.includes(weatherToolName)) return;
  const report = weatherFor(city);
  yield {
    type: "tool-call-result",
    toolCallId,
    content: JSON.stringify(report),
    messageId: createId("tool"),
  };
  yield* assistantMessage(weatherSentence(report));
}

/**
 * `/tool [city]`: calls a weather tool (arguments streamed), then answers with its result. The
 * server runs the tool, unless the client declared `get_weather` as its own (`clientTools`):
 * then the reply ends with the call, and the request that brings the client's result is
 * answered with it.
 */
export const toolScript: Script = {
  command: "/tool",
  description: "Calls a weather tool and answers with its result (try `/tool Paris`).",
  matches: ({ input, messages }) =>
    /^\/tool(?:\s|$)/i.test(input.trim()) || clientResult(messages) !== undefined,
  run: (context) => {
    const result = clientResult(context.messages);
    return result ? answerClientResult(result) : tool(context);
  },
};
