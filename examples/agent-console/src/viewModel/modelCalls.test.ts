import type { Message } from "@crayonai/stream";
import { describe, expect, it } from "vitest";
import { readModelCalls } from "./modelCalls";

describe("readModelCalls", () => {
  it("lists the calls a message reports, or one call for a bare usage report", () => {
    const listed: Message = {
      id: "a",
      role: "assistant",
      metadata: {
        usage: { inputTokens: 30, outputTokens: 3, costUsd: 0.2 },
        modelCalls: [
          { name: "planning, attempt 1", model: "opus", inputTokens: 10, outputTokens: 1 },
          { name: "git-gh, attempt 1", model: "sonnet", inputTokens: 20, outputTokens: 2 },
        ],
      },
    };
    expect(readModelCalls(listed).map((call) => [call.name, call.model])).toEqual([
      ["planning, attempt 1", "opus"],
      ["git-gh, attempt 1", "sonnet"],
    ]);
    const bare: Message = {
      id: "b",
      role: "assistant",
      metadata: { usage: { model: "haiku", inputTokens: 5, outputTokens: 1, costUsd: 0.01 } },
    };
    expect(readModelCalls(bare)).toEqual([
      { name: "Model call", model: "haiku", inputTokens: 5, outputTokens: 1, costUsd: 0.01 },
    ]);
    expect(readModelCalls({ id: "c", role: "assistant", content: "no usage" })).toEqual([]);
  });
});
