import type { AssistantMessage, Message, ReasoningMessage, ToolMessage } from "@crayonai/stream";
import { describe, expect, it } from "vitest";
import { crevnclawScript as script } from "./crevnclaw";

import {
  answeringScript,
  assistantText,
  replay,
  respondToApproval,
  userMessage,
} from "./scriptHarness";
import type { ModelUsage } from "./usage";

const assistants = (messages: readonly Message[]) =>
  messages.filter((m): m is AssistantMessage => m.role === "assistant");

function usageSum(messages: readonly Message[]) {
  const usages = assistants(messages)
    .map((m) => m.metadata?.usage as ModelUsage | undefined)
    .filter((u): u is ModelUsage => u !== undefined);
  return {
    inputTokens: usages.reduce((sum, u) => sum + u.inputTokens, 0),
    outputTokens: usages.reduce((sum, u) => sum + u.outputTokens, 0),
    costUsd: usages.reduce((sum, u) => sum + u.costUsd, 0),
  };
}

async function answer(messages: Message[], type: "approve" | "reject") {
  const next = respondToApproval(messages, type);
  // The server's registry must route the answer back to this script.
  expect(answeringScript(next).command).toBe("/crevnclaw");
  return (await replay(script, next)).messages;
}

describe("/crevnclaw", () => {
  it("thinks, runs a read-only scan, then waits for approval of the destructive step", async () => {
    const { messages } = await replay(script, [userMessage("/crevnclaw")]);
    expect(messages.map((m) => m.role)).toEqual([
      "user",
      "reasoning",
      "assistant",
      "tool",
      "reasoning",
      "assistant",
    ]);
    const thoughts = messages.filter((m): m is ReasoningMessage => m.role === "reasoning");
    expect(thoughts[0]!.content).toContain("AGENTS.md lets me run read-only commands");
    expect(thoughts.every((t) => t.isThinking === false)).toBe(true);

    const [scan, prune] = assistants(messages);
    expect(scan!.toolCalls?.[0]?.function.name).toBe("sandbox_exec");
    expect(scan!.toolCalls?.[0]?.metadata?.approvalId).toBeUndefined();
    expect((messages[3] as ToolMessage).content).toContain("/var/lib/docker/overlay2");

    expect(prune!.status).toBe("awaiting_input");
    expect(prune!.toolCalls?.[0]).toMatchObject({
      function: { name: "docker_image_prune" },
      metadata: { approvalId: expect.any(String) },
    });
    // Every model turn reports what it used.
    expect(scan!.metadata?.usage).toMatchObject({ inputTokens: 1_820, outputTokens: 164 });
    expect(prune!.metadata?.usage).toMatchObject({ inputTokens: 2_410, outputTokens: 212 });
    // Each turn is one model call, named for the readout's list of calls.
    expect(scan!.metadata?.modelCalls).toEqual([
      expect.objectContaining({ name: "Plan the disk scan", inputTokens: 1_820 }),
    ]);
  });

  it("resumes after each approval and ends with a summary of what ran and what it cost", async () => {
    const first = (await replay(script, [userMessage("/crevnclaw")])).messages;
    const second = await answer(first, "approve");
    const pruned = second.find(
      (m): m is ToolMessage =>
        m.role === "tool" &&
        typeof m.content === "string" &&
        m.content.startsWith("Deleted 41 images"),
    );
    expect(pruned).toBeDefined();
    const restart = assistants(second).at(-1)!;
    expect(restart.status).toBe("awaiting_input");
    expect(restart.toolCalls?.[0]?.function.arguments).toContain("systemctl restart build-agent");

    const third = await answer(second, "approve");
    const summary = assistants(third).at(-1)!;
    expect(summary.status).toBe("complete");
    expect(summary.content).toContain("The build agent is running again");
    expect(summary.content).toContain("`docker_image_prune`: approved");
    expect(summary.content).toContain("`host_exec systemctl restart build-agent`: approved");

    // The spend the summary quotes is the sum of every turn's usage metadata.
    const total = usageSum(third);
    expect(summary.content).toContain(
      `${total.inputTokens.toLocaleString("en-US")} tokens in, ${total.outputTokens.toLocaleString("en-US")} out, $${total.costUsd.toFixed(4)}`,
    );
  });

  it("runs nothing destructive when the prune is rejected", async () => {
    const first = (await replay(script, [userMessage("/crevnclaw")])).messages;
    const after = await answer(first, "reject");
    const added = after.slice(first.length + 1);
    expect(added.some((m) => m.role === "tool")).toBe(false);
    expect(assistantText(added)).toContain("Nothing was deleted; the disk stays at 94%.");
    expect(assistantText(added)).toContain("`docker_image_prune`: rejected, not run.");
  });

  it("leaves answers to other scripts' approvals alone", async () => {
    const first = (await replay(script, [userMessage("/crevnclaw")])).messages;
    const next = respondToApproval(first, "approve");
    const foreign = next.map((m) =>
      m.role === "user" && m.isVisuallyHidden
        ? { ...m, context: [{ type: "human-response", response: "approve", toolCallId: "call-1" }] }
        : m,
    );
    expect(answeringScript(foreign).command).not.toBe("/crevnclaw");
  });

  it("stops thinking when the reply is stopped", async () => {
    const { messages } = await replay(script, [userMessage("/crevnclaw")], { abortAfter: 5 });
    expect(messages.map((m) => m.role)).toEqual(["user", "reasoning"]);
    expect((messages[1] as ReasoningMessage).isThinking).toBe(false);
  });
});
