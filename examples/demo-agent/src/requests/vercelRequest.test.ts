import type { Message } from "@crayonai/stream";
import { describe, expect, it } from "vitest";
import { meetingArguments, meetingResult } from "../agent/scripts/approve";
import { markdownText } from "../agent/scripts/markdown";
import { postChat } from "../testSupport/clientRequests";
import { assistants, assistantText, decodeReply } from "../testSupport/decodedReply";
import { testApp } from "../testSupport/testApps";

// `POST /api/chat?protocol=vercel` reads the body the AI SDK's DefaultChatTransport posts, as an
// AI SDK route handler does: these bodies are written by hand, the way the AI SDK sends them.

const text = (id: string, role: "user" | "assistant", value: string) => ({
  id,
  role,
  parts: [{ type: "text", text: value }],
});

const chatBody = (messages: unknown[], extra: object = {}) => ({
  id: "thread-v",
  messages,
  trigger: "submit-message",
  ...extra,
});

describe("the vercel route's chat request", () => {
  it.each([
    ["a body that is not an object", [], /^The body must be a JSON object/],
    ["no chat id", { messages: [text("u1", "user", "hi")] }, /`id`/],
    [
      "an unknown trigger",
      chatBody([text("u1", "user", "hi")], { trigger: "resume" }),
      /`trigger`/,
    ],
    ["no messages", chatBody([]), /^`messages` are not UI messages: messages: /],
    [
      "a message without parts",
      chatBody([{ id: "u1", role: "user", content: "hi" }]),
      /^`messages` are not UI messages: messages\.0\.parts: /,
    ],
    [
      "a part of no known type",
      chatBody([{ id: "u1", role: "user", parts: [{ type: "weird" }] }]),
      /^`messages` are not UI messages: messages\.0\.parts\.0: /,
    ],
    [
      "a Crayon body",
      { threadId: "t", messages: [{ id: "u1", role: "user", content: "hi" }] },
      /`id`/,
    ],
  ])("answers 400 for %s", async (_name, body, error) => {
    const app = await testApp();
    const response = await postChat(app, body, "vercel");
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(error);
  });

  it("answers UI messages in the thread named by `id`", async () => {
    const app = await testApp();
    const response = await postChat(app, chatBody([text("u1", "user", "/markdown")]), "vercel");
    expect(response.status).toBe(200);
    const { messages } = await decodeReply("vercel", response, []);
    expect(assistants(messages)[0]).toMatchObject({ content: markdownText });
    const stored: Message[] = await (await app.request("/api/threads/thread-v/messages")).json();
    expect(stored.map((m) => m.role)).toEqual(["user", "assistant"]);
  });

  it("resumes from a tool part whose approval was answered", async () => {
    const app = await testApp();
    const asked = await decodeReply(
      "vercel",
      await postChat(app, chatBody([text("u1", "user", "/approve")]), "vercel"),
      [],
    );
    const waiting = assistants(asked.messages)[0]!;
    const call = waiting.toolCalls![0]!;
    // What the AI SDK's chat sends after `addToolApprovalResponse`: the assistant message with
    // its tool part in `approval-responded`, and no message for the answer.
    const answered = {
      id: waiting.id,
      role: "assistant",
      parts: [
        { type: "step-start" },
        { type: "text", text: waiting.content, state: "done" },
        {
          type: "tool-schedule_meeting",
          toolCallId: call.id,
          state: "approval-responded",
          input: meetingArguments,
          approval: { id: call.metadata!.approvalId, approved: true },
        },
      ],
    };
    const response = await postChat(
      app,
      chatBody([text("u1", "user", "/approve"), answered], { messageId: waiting.id }),
      "vercel",
    );
    expect(response.status).toBe(200);
    const { messages } = await decodeReply("vercel", response, []);
    expect(assistantText(messages)).toMatch(/^Done: "Release review"/);
    const stored: Message[] = await (await app.request("/api/threads/thread-v/messages")).json();
    expect(stored.map((m) => m.role)).toEqual(["user", "assistant", "user", "tool", "assistant"]);
    expect(stored[1]).toMatchObject({ status: "complete" });
    expect(stored[2]).toMatchObject({ isVisuallyHidden: true, content: "Approved." });
    expect(JSON.parse(stored[3]!.content as string)).toEqual(meetingResult);
  });
});
