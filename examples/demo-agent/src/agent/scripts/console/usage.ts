import type { Metadata } from "@crayonai/stream";

/** Dollars per million tokens, by model (illustrative list prices). */
const PRICES: Record<string, { input: number; output: number }> = {
  opus: { input: 15, output: 75 },
  sonnet: { input: 3, output: 15 },
  haiku: { input: 0.8, output: 4 },
  "bedrock-claude-sonnet": { input: 3, output: 15 },
};

/** What one model call used; sent as `message-metadata` and summed by the console UI. */
export type ModelUsage = {
  model: string;
  inputTokens: number;
  outputTokens: number;
  /** Rounded to 1/10000 of a dollar. */
  costUsd: number;
};

/** The usage (and its cost) of one call to `model`. */
export function modelUsage(model: string, inputTokens: number, outputTokens: number): ModelUsage {
  const price = PRICES[model] ?? { input: 3, output: 15 };
  const cost = (inputTokens * price.input + outputTokens * price.output) / 1_000_000;
  return { model, inputTokens, outputTokens, costUsd: Math.round(cost * 10_000) / 10_000 };
}

/** One model call of a run: the agent, subroutine or turn that made it, and what it used. */
export type ModelCall = ModelUsage & { name: string };

/**
 * The assistant-message metadata that carries usage: `{ usage, modelCalls }`, where `usage` is
 * the sum of the calls and `modelCalls` lists each one, so a readout can count calls rather
 * than the messages that report them.
 */
export function usageMetadata(calls: readonly ModelCall[]): Metadata {
  const models = new Set(calls.map((call) => call.model));
  const model = models.size === 1 ? [...models][0]! : "mixed";
  return { usage: { model, ...addUsage(calls) }, modelCalls: [...calls] };
}

/** A call named `name` that used `usage`. */
export function modelCall(name: string, usage: ModelUsage): ModelCall {
  return { name, ...usage };
}

/** Adds usages up (cost rounded like {@link modelUsage}). */
export function addUsage(usages: readonly ModelUsage[]): Omit<ModelUsage, "model"> {
  let inputTokens = 0;
  let outputTokens = 0;
  let costUsd = 0;
  for (const usage of usages) {
    inputTokens += usage.inputTokens;
    outputTokens += usage.outputTokens;
    costUsd += usage.costUsd;
  }
  return { inputTokens, outputTokens, costUsd: Math.round(costUsd * 10_000) / 10_000 };
}
