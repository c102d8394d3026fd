/**
 * A scripted language model for the AI SDK interop tests: what it streams depends only on the
 * prompt it receives (like a real model, it reads the conversation), and it records every
 * prompt, so a test can check the history the server handed to the model.
 *
 * The decisions: a user asking about the weather gets a `getWeatherInformation` call (a server
 * tool), "where am I" a `getLocation` call (a client tool), "delete" a `deleteFile` call (a tool
 * that needs approval); a tool result gets a sentence quoting it; anything else an echo.
 */

type PromptPart = {
  type: string;
  text?: string;
  toolName?: string;
  toolCallId?: string;
  input?: unknown;
  output?: { type: string; value: unknown };
  approved?: boolean;
};
type PromptMessage = { role: string; content: string | PromptPart[] };

/** One line per prompt part: `role: kind detail`, the history as the model saw it. */
export function transcript(prompt: readonly PromptMessage[]): string[] {
  return prompt.flatMap((message) =>
    typeof message.content === "string"
      ? [`${message.role}: ${message.content}`]
      : message.content.map((part) => {
          switch (part.type) {
            case "text":
              return `${message.role}: ${part.text}`;
            case "tool-call":
              return `${message.role}: call ${part.toolName} ${JSON.stringify(part.input)}`;
            case "tool-result":
              return `${message.role}: result ${part.toolName} ${JSON.stringify(part.output?.value)}`;
            case "tool-approval-response":
              return `${message.role}: approval ${part.approved}`;
            default:
              return `${message.role}: ${part.type}`;
          }
        }),
  );
}

const textParts = (id: string, text: string) => [
  { type: "text-start", id },
  { type: "text-delta", id, delta: text.slice(0, 6) },
  { type: "text-delta", id, delta: text.slice(6) },
  { type: "text-end", id },
];

const call = (toolCallId: string, toolName: string, input: object) => ({
  type: "tool-call",
  toolCallId,
  toolName,
  input: JSON.stringify(input),
});

/** The stream parts the model answers `prompt` with (its n-th call). */
export function answer(
  prompt: readonly PromptMessage[],
  n: number,
  finish: (reason: string) => object,
): object[] {
  const last = prompt[prompt.length - 1]!;
  const parts = typeof last.content === "string" ? [] : last.content;
  const result = parts.find((part) => part.type === "tool-result");
  if (last.role === "tool" && result) {
    const value = JSON.stringify(result.output?.value);
    return [...textParts(`t${n}`, `Tool ${result.toolName} said ${value}.`), finish("stop")];
  }
  const text = parts.map((part) => part.text ?? "").join("");
  if (/weather/i.test(text)) {
    return [call(`call-${n}`, "getWeatherInformation", { city: "Berlin" }), finish("tool-calls")];
  }
  if (/where am i/i.test(text)) {
    return [call(`call-${n}`, "getLocation", {}), finish("tool-calls")];
  }
  if (/delete/i.test(text)) {
    return [call(`call-${n}`, "deleteFile", { path: "a.txt" }), finish("tool-calls")];
  }
  return [...textParts(`t${n}`, `You said: ${text}`), finish("stop")];
}

/** A readable stream of these parts. */
export const streamOf = (parts: object[]) =>
  new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });

/** Builds a mock model (`MockLanguageModelV2` / `V3`) on {@link answer}; `prompts` records calls. */
export function scriptedModel<M>(
  Model: new (options: any) => M,
  finish: (reason: string) => object,
): { model: M; prompts: PromptMessage[][] } {
  const prompts: PromptMessage[][] = [];
  const model = new Model({
    doStream: async ({ prompt }: { prompt: PromptMessage[] }) => {
      prompts.push(prompt);
      return { stream: streamOf(answer(prompt, prompts.length, finish)) };
    },
  });
  return { model, prompts };
}
