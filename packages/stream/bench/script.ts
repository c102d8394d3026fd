// A protocol-neutral description of what an agent streams: steps of reasoning, then an answer
// made of many small text deltas, sometimes a tool call with streamed JSON arguments and its
// result. Each wire format in ./protocols encodes the same script its own way.
import { createRandom, type Random, textDelta } from "./random";

export type Step =
  | { kind: "message-start"; messageId: string }
  | { kind: "reasoning-start"; reasoningId: string }
  | { kind: "reasoning-delta"; reasoningId: string; text: string }
  | { kind: "reasoning-end"; reasoningId: string }
  | { kind: "text-start"; messageId: string }
  | { kind: "text-delta"; messageId: string; text: string }
  | { kind: "text-end"; messageId: string }
  | { kind: "tool-start"; messageId: string; toolCallId: string; toolName: string; index: number }
  | { kind: "tool-args"; toolCallId: string; delta: string; index: number }
  | { kind: "tool-end"; toolCallId: string; toolName: string; args: string }
  | { kind: "tool-result"; toolCallId: string; content: string }
  | { kind: "message-end"; messageId: string };

const TOOL_NAMES = ["search_docs", "get_weather", "run_query", "create_chart"] as const;

function toolArguments(random: Random): string {
  return JSON.stringify({
    query: textDelta(random) + textDelta(random) + textDelta(random),
    filters: { language: random.pick(["en", "de", "fr", "ja"]), limit: random.int(1, 50) },
    include: [textDelta(random).trim(), textDelta(random).trim()],
  });
}

/** Splits a string into pieces of 3–20 characters, like streamed tool arguments. */
function pieces(random: Random, text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; ) {
    const length = random.int(3, 20);
    out.push(text.slice(i, i + length));
    i += length;
  }
  return out;
}

/**
 * One agent step at a time, forever: each is one assistant message with an optional reasoning
 * block (20–60 deltas), an answer (100–400 text deltas of 1–8 words) and, in 40% of steps, a tool
 * call (arguments in 3–20 character pieces) followed by its result. Encoders stop after the step
 * that takes them past their byte target.
 */
export function* agentSteps(seed = 42): Generator<Step[]> {
  const random = createRandom(seed);
  let toolIndex = 0;
  for (let step = 1; ; step++) {
    const messageId = `msg_${step}`;
    const steps: Step[] = [];
    if (random.next() < 0.5) {
      const reasoningId = `rsn_${step}`;
      steps.push({ kind: "reasoning-start", reasoningId });
      for (let i = random.int(20, 60); i > 0; i--) {
        steps.push({ kind: "reasoning-delta", reasoningId, text: textDelta(random) });
      }
      steps.push({ kind: "reasoning-end", reasoningId });
    }
    steps.push({ kind: "message-start", messageId }, { kind: "text-start", messageId });
    for (let i = random.int(100, 400); i > 0; i--) {
      steps.push({ kind: "text-delta", messageId, text: textDelta(random) });
    }
    steps.push({ kind: "text-end", messageId });
    if (random.next() < 0.4) {
      const toolCallId = `call_${step}`;
      const toolName = random.pick(TOOL_NAMES);
      const args = toolArguments(random);
      const index = toolIndex++;
      steps.push({ kind: "tool-start", messageId, toolCallId, toolName, index });
      for (const delta of pieces(random, args)) {
        steps.push({ kind: "tool-args", toolCallId, delta, index });
      }
      steps.push({ kind: "tool-end", toolCallId, toolName, args });
      steps.push({
        kind: "tool-result",
        toolCallId,
        content: JSON.stringify({ ok: true, items: [textDelta(random), textDelta(random)] }),
      });
    }
    steps.push({ kind: "message-end", messageId });
    yield steps;
  }
}
