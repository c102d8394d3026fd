import type { CrayonStreamEvent } from "@crayonai/stream";

// Builders of the scripted replies' events.

let nextId = 0;
/** Ids unique across every run, so repeated scripts never collide within a thread. */
export function freshId(prefix: string): string {
  nextId += 1;
  return `${prefix}_${nextId}`;
}

/** Splits text into small chunks (a few words each), as a model streams tokens. */
export function textDeltas(text: string, wordsPerChunk = 3): CrayonStreamEvent[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  const events: CrayonStreamEvent[] = [];
  for (let i = 0; i < words.length; i += wordsPerChunk) {
    events.push({ type: "text-delta", text: words.slice(i, i + wordsPerChunk).join("") });
  }
  return events;
}

export function reasoningDeltas(text: string, messageId: string): CrayonStreamEvent[] {
  return textDeltas(text, 4).map((event) => ({
    type: "reasoning-delta",
    text: event.type === "text-delta" ? event.text : "",
    messageId,
  }));
}

/** A complete tool call: start, its arguments in two chunks, end. */
export function toolCall(
  id: string,
  name: string,
  args: Record<string, unknown>,
): CrayonStreamEvent[] {
  const json = JSON.stringify(args);
  const half = Math.ceil(json.length / 2);
  return [
    { type: "tool-call-start", toolCallId: id, toolCallName: name },
    { type: "tool-call-args", toolCallId: id, delta: json.slice(0, half) },
    { type: "tool-call-args", toolCallId: id, delta: json.slice(half) },
    { type: "tool-call-end", toolCallId: id },
  ];
}
