import { vercelAIAdapter } from "@crayonai/stream/adapters/vercel";
import { DefaultChatTransport, readUIMessageStream, type UIMessage } from "ai";
import { describe, expect, it } from "vitest";
import { replyMarkdown } from "./replyMarkdown";
import { type EncodedReply, encodeReply, UI_MESSAGE_STREAM_HEADERS } from "./uiMessageStream";

function responseOf(reply: EncodedReply): Response {
  const body = Buffer.concat([reply.head, ...reply.deltas, reply.tail]);
  return new Response(body, { headers: UI_MESSAGE_STREAM_HEADERS });
}

// Quotes, backslashes, newlines and non-ASCII all have to survive the JSON in each event.
const text = `${replyMarkdown(3_000)}\n\n"quoted" \\ back\\slash – naïve ✓`;

describe("encodeReply", () => {
  it("splits the reply into one text delta per slice", () => {
    const reply = encodeReply("abcdefghij", 4);
    expect(reply.deltas.map((delta) => JSON.parse(delta.toString().slice(6)).delta)).toEqual([
      "abcd",
      "efgh",
      "ij",
    ]);
  });

  it("is read back to the same text by Crayon's Vercel adapter", async () => {
    let received = "";
    for await (const event of vercelAIAdapter().parse(responseOf(encodeReply(text, 4)))) {
      if (event.type === "error") throw new Error(event.error);
      if (event.type === "text-delta") received += event.text;
    }
    expect(received).toBe(text);
  });

  it("is read back to the same text by the AI SDK's chat transport", async () => {
    const transport = new DefaultChatTransport<UIMessage>({
      api: "http://bench.invalid/api/chat",
      fetch: async () => responseOf(encodeReply(text, 7)),
    });
    const stream = await transport.sendMessages({
      trigger: "submit-message",
      chatId: "chat",
      messageId: undefined,
      messages: [],
      abortSignal: undefined,
    });
    let last: UIMessage | undefined;
    for await (const message of readUIMessageStream({ stream })) last = message;
    expect(last?.parts.filter((part) => part.type === "text").map((part) => part.text)).toEqual([
      text,
    ]);
  });
});
