import type { CrayonStreamEvent } from "@crayonai/stream";
import { createId } from "../ids";
import type { Script, ScriptContext } from "../script";
import { assistantMessage, textDeltas } from "../scriptEvents";
import { fixedChunks } from "../textChunks";
import { type WeatherReport, weatherFor } from "../weather";

/** The city named after the command (`/tool Paris`), Berlin by default. */
function cityOf(input: string): string {
  return input.replace(/^\/tool\b/i, "").trim() || "Berlin";
}

/** The sentence that reports the tool's result. */
export function weatherSentence(report: WeatherReport): string {
  return `It is **${report.temperatureC} °C** and ${report.condition} in ${report.city}, with ${report.humidityPercent}% humidity and wind at ${report.windKmh} km/h.`;
}

async function* tool({ input }: ScriptContext): AsyncGenerator<CrayonStreamEvent> {
  const city = cityOf(input);
  const messageId = createId("msg");
  const toolCallId = createId("call");
  yield { type: "message-start", messageId };
  yield* textDeltas(`Let me check the weather in ${city}.`, messageId);
  yield {
    type: "tool-call-start",
    toolCallId,
    toolCallName: "get_weather",
    parentMessageId: messageId,
  };
  // Arguments arrive in pieces, as a model streams them.
  for (const delta of fixedChunks(JSON.stringify({ city }), 4)) {
    yield { type: "tool-call-args", toolCallId, delta };
  }
  yield { type: "tool-call-end", toolCallId };
  yield { type: "message-end", messageId };
  const report = weatherFor(city);
  yield {
    type: "tool-call-result",
    toolCallId,
    content: JSON.stringify(report),
    messageId: createId("tool"),
  };
  yield* assistantMessage(weatherSentence(report));
}

/** `/tool [city]`: calls a weather tool (arguments streamed), then answers with its result. */
export const toolScript: Script = {
  command: "/tool",
  description: "Calls a weather tool and answers with its result (try `/tool Paris`).",
  run: tool,
};
