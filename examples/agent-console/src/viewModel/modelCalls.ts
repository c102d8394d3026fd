import { readArray, readNumber, readRecord, readString } from "@crayonai/demo-ui/viewModel";
import type { Message } from "@crayonai/stream";

/** One model call an agent reported: which agent, subroutine or turn made it, and its usage. */
export type ModelCallView = {
  name: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
};

/**
 * The model calls `message` reports. The demo agent sends them as `metadata.modelCalls`, beside
 * their sum in `metadata.usage`; a message with only `usage` made one call.
 */
export function readModelCalls(message: Message): ModelCallView[] {
  if (message.role !== "assistant" || message.metadata?.usage === undefined) return [];
  const listed = readArray(message.metadata.modelCalls).map((raw) => {
    const call = readRecord(raw);
    return {
      name: readString(call.name, "Model call"),
      model: readString(call.model),
      inputTokens: readNumber(call.inputTokens),
      outputTokens: readNumber(call.outputTokens),
      costUsd: readNumber(call.costUsd),
    };
  });
  if (listed.length > 0) return listed;
  const usage = readRecord(message.metadata.usage);
  return [
    {
      name: "Model call",
      model: readString(usage.model),
      inputTokens: readNumber(usage.inputTokens),
      outputTokens: readNumber(usage.outputTokens),
      costUsd: readNumber(usage.costUsd),
    },
  ];
}
