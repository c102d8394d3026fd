import type { ChatRequest } from "@crayonai/react-core";
import type { Message } from "@crayonai/stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { consoleDailyLimit, consoleLedger, withCircuitBreaker } from "./circuitBreaker";
import { DEFAULT_DAILY_LIMIT_USD } from "./viewModel/dailyLimit";
import { localDay } from "./viewModel/usageLedger";

const request = { messages: [] } as unknown as ChatRequest<Message>;
const spent = (costUsd: number) =>
  consoleLedger.record(
    localDay(new Date()),
    new Map([
      ["a1", { inputTokens: 1, outputTokens: 1, costUsd, calls: 1, run: "u", label: "/x" }],
    ]),
  );

afterEach(() => {
  localStorage.clear();
  consoleDailyLimit.set(DEFAULT_DAILY_LIMIT_USD);
});

describe("withCircuitBreaker", () => {
  it("keeps requests from the agent while today's spend is over the limit", async () => {
    const processMessage = vi.fn(async () => new Response(""));
    const guarded = withCircuitBreaker({ processMessage });
    spent(0.02);
    consoleDailyLimit.set(0.01);
    await expect(guarded.processMessage(request)).rejects.toThrow(
      "Today's spend, $0.0200, is over the $0.01 daily limit: the circuit breaker holds the agent back. Raise the limit in the side panel, then retry.",
    );
    expect(processMessage).not.toHaveBeenCalled();

    // The user raised the limit: the agent is reached again.
    consoleDailyLimit.set(0.05);
    await guarded.processMessage(request);
    expect(processMessage).toHaveBeenCalledOnce();
  });
});
