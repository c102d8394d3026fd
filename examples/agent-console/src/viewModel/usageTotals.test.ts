import type { Message } from "@crayonai/stream";
import { describe, expect, it } from "vitest";
import { latestRun, sumUsage, usageReports } from "./usageTotals";

describe("sumUsage", () => {
  it("adds up the usage metadata of assistant messages only", () => {
    const messages: Message[] = [
      { id: "u", role: "user", content: "/crevnclaw" },
      {
        id: "a1",
        role: "assistant",
        content: "",
        metadata: { usage: { inputTokens: 1_820, outputTokens: 164, costUsd: 0.0079 } },
      },
      { id: "a2", role: "assistant", content: "no usage" },
      {
        id: "a3",
        role: "assistant",
        content: "",
        metadata: { usage: { inputTokens: 2_410, outputTokens: 212, costUsd: 0.0104 } },
      },
      { id: "r", role: "reasoning", content: "", metadata: { usage: { inputTokens: 9 } } },
    ];
    expect(sumUsage(messages)).toEqual({
      inputTokens: 4_230,
      outputTokens: 376,
      costUsd: 0.0183,
      calls: 2,
    });
  });

  it("counts the model calls a message lists, not the message", () => {
    const call = (name: string, costUsd: number) => ({
      name,
      model: "sonnet",
      inputTokens: 100,
      outputTokens: 10,
      costUsd,
    });
    const messages: Message[] = [
      { id: "u", role: "user", content: "/workdeck" },
      {
        id: "closing",
        role: "assistant",
        content: "",
        metadata: {
          usage: { inputTokens: 500, outputTokens: 50, costUsd: 0.05 },
          modelCalls: ["a", "b", "c", "d", "e"].map((name) => call(name, 0.01)),
        },
      },
    ];
    expect(sumUsage(messages)).toMatchObject({ costUsd: 0.05, calls: 5 });
    // Each report knows its run, so a day's spend can be shown per run.
    expect(usageReports(messages).get("closing")).toMatchObject({ run: "u", label: "/workdeck" });
  });

  it("ignores usage fields that are not numbers", () => {
    const messages: Message[] = [
      { id: "a", role: "assistant", metadata: { usage: { inputTokens: "lots", costUsd: null } } },
    ];
    expect(sumUsage(messages)).toMatchObject({ inputTokens: 0, costUsd: 0, calls: 1 });
  });
});

describe("latestRun", () => {
  it("starts at the last message or card edit; an approval's answer continues it", () => {
    const approval = { type: "human-response", response: "approve" };
    const messages: Message[] = [
      { id: "u1", role: "user", content: "/cyrus" },
      { id: "a1", role: "assistant", content: "one" },
      { id: "u2", role: "user", content: "/crevnclaw" },
      { id: "a2", role: "assistant", content: "two" },
      { id: "h", role: "user", content: "Approved.", isVisuallyHidden: true, context: [approval] },
      { id: "a3", role: "assistant", content: "three" },
    ];
    expect(latestRun(messages).map((m) => m.id)).toEqual(["a2", "h", "a3"]);
    const edit: Message = {
      id: "e",
      role: "user",
      content: "Edit task fit: x",
      isVisuallyHidden: true,
      context: [{ editTask: "fit", text: "x" }],
    };
    expect(latestRun([...messages, edit, { id: "a4", role: "assistant" }])).toEqual([
      { id: "a4", role: "assistant" },
    ]);
  });
});
