// @vitest-environment node
import type { CrayonStreamEvent, StreamProtocolAdapter } from "@crayonai/stream";
import { crayonSSEAdapter } from "@crayonai/stream";
import { agUIAdapter } from "@crayonai/stream/adapters/ag-ui";
import { openAIChatAdapter } from "@crayonai/stream/adapters/openai";
import { plainTextSSEAdapter } from "@crayonai/stream/adapters/plain-text";
import { textStreamAdapter } from "@crayonai/stream/adapters/text";
import { vercelAIAdapter } from "@crayonai/stream/adapters/vercel";
import { describe, expect, it } from "vitest";
import { createChat } from "../../vanilla";
import { continuedMessages } from "./replyRequest";

const approval = {
  trigger: "human-response",
  messageId: "m1",
  response: { response: { type: "approve" } },
} as const;

describe("continuedMessages", () => {
  it("lets only a protocol that continues messages extend the message a tool round trip names", () => {
    expect(
      continuedMessages({ trigger: "tool-result", messageId: "m1" }, vercelAIAdapter()),
    ).toEqual(["m1"]);
    expect(continuedMessages(approval as never, vercelAIAdapter())).toEqual(["m1"]);
    for (const protocol of [
      openAIChatAdapter(),
      agUIAdapter(),
      crayonSSEAdapter(),
      plainTextSSEAdapter(),
      textStreamAdapter(),
    ]) {
      expect(continuedMessages({ trigger: "tool-result", messageId: "m1" }, protocol)).toEqual([]);
      expect(continuedMessages(approval as never, protocol)).toEqual([]);
    }
  });

  it("continues nothing for a new message, whatever the protocol", () => {
    expect(
      continuedMessages({ trigger: "submit-message", messageId: "m1" }, vercelAIAdapter()),
    ).toEqual([]);
  });
});

/** An adapter that yields the events of each response as they are, flagged as asked. */
function scriptedAdapter(continuesMessages: boolean): StreamProtocolAdapter {
  return {
    continuesMessages,
    async *parse(response) {
      yield* (await response.json()) as CrayonStreamEvent[];
    },
  };
}

/** A tool call that waits for approval, then, after the approval, a reply that reuses its id. */
async function approvedRoundTrip(continuesMessages: boolean) {
  const replies: CrayonStreamEvent[][] = [
    [
      { type: "text-delta", text: "I will delete it.", messageId: "chatcmpl-1" },
      {
        type: "tool-call-start",
        toolCallId: "c1",
        toolCallName: "rm",
        parentMessageId: "chatcmpl-1",
      },
      { type: "tool-call-args", toolCallId: "c1", delta: "{}" },
      { type: "tool-call-end", toolCallId: "c1" },
      { type: "tool-approval-request", toolCallId: "c1", approvalId: "ap-1" },
    ],
    [{ type: "text-delta", text: " Done.", messageId: "chatcmpl-1" }],
  ];
  const chat = createChat({
    processMessage: async () => Response.json(replies.shift()),
    streamProtocol: scriptedAdapter(continuesMessages),
    streamBatching: "microtask",
  });
  const thread = chat.selectedThread();
  await thread.actions.processMessage("Delete it");
  await thread.actions.respond({ type: "approve" });
  return thread.store.getState().messages;
}

describe("a reply after an approval that reuses the approved message's id", () => {
  it("gets a fresh id when the protocol does not continue messages (an OpenAI completion id)", async () => {
    const messages = await approvedRoundTrip(false);
    const first = messages.find((m) => m.id === "chatcmpl-1");
    expect(first).toMatchObject({ role: "assistant", content: "I will delete it." });
    const last = messages.at(-1)!;
    expect(last).toMatchObject({ role: "assistant", content: " Done.", status: "complete" });
    expect(last.id).not.toBe("chatcmpl-1");
  });

  it("goes on in that message when the protocol continues it (the AI SDK's messageId)", async () => {
    const messages = await approvedRoundTrip(true);
    expect(messages.filter((m) => m.role === "assistant")).toMatchObject([
      { id: "chatcmpl-1", content: "I will delete it. Done." },
    ]);
  });
});
