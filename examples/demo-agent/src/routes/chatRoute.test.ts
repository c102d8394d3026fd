import type { AssistantMessage, Message, ToolMessage } from "@crayonai/stream";
import { describe, expect, it, vi } from "vitest";
import { meetingResult } from "../agent/scripts/approve";
import { countText } from "../agent/scripts/count";
import { errorMessage, errorPartialText } from "../agent/scripts/error";
import { longText } from "../agent/scripts/long";
import { markdownText } from "../agent/scripts/markdown";
import { weatherSentence } from "../agent/scripts/tool";
import { weatherFor } from "../agent/weather";
import { demoAgentChatParams } from "../client";
import { demoProtocols } from "../protocols/demoProtocols";
import { chatRequest, fetchFrom, userMessage } from "../testSupport/clientRequests";
import { converse, respondTo } from "../testSupport/conversation";
import { assistants, assistantText, replyOf } from "../testSupport/decodedReply";
import { testApp } from "../testSupport/testApps";

type App = Awaited<ReturnType<typeof testApp>>;

const withoutIds = (messages: Message[]) => messages.map(({ id: _id, ...rest }) => rest);

async function storedMessages(app: App, threadId: string): Promise<Message[]> {
  const response = await app.request(`/api/threads/${threadId}/messages`);
  expect(response.status).toBe(200);
  return response.json();
}

/** A thread made as a client makes it: `firstMessage` is saved in it, then sent in the chat. */
async function newThread(app: App, firstMessage = userMessage("Hello")): Promise<string> {
  const response = await app.request("/api/threads", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ firstMessage }),
  });
  return (await response.json()).threadId;
}

describe("POST /api/chat persistence", () => {
  it("stores the request's messages and the finished reply", async () => {
    const app = await testApp();
    const threadId = await newThread(app);
    const history = [userMessage("/markdown")];
    const { messages } = await converse(app, history, "crayon", threadId);
    const stored = await storedMessages(app, threadId);
    expect(stored).toEqual(messages);
    expect(stored[1]).toMatchObject({
      role: "assistant",
      content: markdownText,
      status: "complete",
    });
  });

  it("creates a thread it does not know yet, titled by the first message", async () => {
    const app = await testApp();
    await converse(app, [userMessage("/markdown please")], "vercel", "client-made-id");
    const { threads } = await (await app.request("/api/threads")).json();
    expect(threads).toMatchObject([{ threadId: "client-made-id", title: "/markdown please" }]);
    expect(await storedMessages(app, "client-made-id")).toHaveLength(2);
  });

  // Stopping is an explicit request (DELETE …/stream, see replyStreamRoute.test.ts).
  it.each(["crayon", "ag-ui", "vercel", "openai", "open-responses"] as const)(
    "does not stop a reply when the %s client stops reading: it is stored complete",
    async (protocol) => {
      const app = await testApp();
      const threadId = await newThread(app);
      const abort = new AbortController();
      const params = demoAgentChatParams({ protocol, fetch: fetchFrom(app) });
      const response = await params.processMessage(
        chatRequest(params, threadId, [userMessage("/long")], abort),
      );
      const reader = response.body!.getReader();
      for (let i = 0; i < 5; i++) await reader.read();
      abort.abort();
      await reader.cancel();

      await vi.waitFor(async () => {
        const reply = (await storedMessages(app, threadId))[1] as AssistantMessage | undefined;
        expect(reply).toMatchObject({ status: "complete", content: longText });
      });
    },
  );

  it("stores a failed reply with its partial text and error", async () => {
    const app = await testApp();
    const threadId = await newThread(app);
    await converse(app, [userMessage("/error")], "ag-ui", threadId);
    expect((await storedMessages(app, threadId))[1]).toMatchObject({
      role: "assistant",
      content: errorPartialText,
      status: "error",
      error: errorMessage,
    });
  });
});

describe("saving is idempotent by message id", () => {
  const tree = async (app: App, threadId: string): Promise<Message[]> =>
    (await (await app.request(`/api/threads/${threadId}/tree`)).json()).messages;

  it.each(["crayon", "ag-ui", "vercel", "openai", "open-responses", "plain-text"] as const)(
    "a %s client resending a stored reply in its history does not store it twice",
    async (protocol) => {
      const app = await testApp();
      const question = userMessage("/markdown");
      const threadId = await newThread(app, question);
      const first = await converse(app, [question], protocol, threadId);
      const stored = await storedMessages(app, threadId);
      await converse(app, [...first.messages, userMessage("/sources")], protocol, threadId);
      const after = await storedMessages(app, threadId);
      expect(after.slice(0, stored.length)).toEqual(stored);
      // Every row is on the active branch: no second copy of the first reply anywhere.
      const rows = await tree(app, threadId);
      expect(rows).toHaveLength(after.length);
      expect(new Set(rows.map((m) => m.id)).size).toBe(rows.length);
    },
  );

  it.each([
    ["a streaming checkpoint", { status: "streaming", content: "# Mark" }],
    ["a copy it marked stopped", { status: "stopped", content: "# Markdown" }],
    ["a copy it marked failed", { status: "error", content: "# Mark", error: "Network" }],
  ] as const)(
    "a finished reply stays as stored when a client resends %s of it",
    async (_, copy) => {
      const app = await testApp();
      const asked = userMessage("/markdown");
      const threadId = await newThread(app, asked);
      await converse(app, [asked], "crayon", threadId);
      const [question, reply] = await storedMessages(app, threadId);
      const stale = { ...reply, ...copy } as Message;
      await converse(app, [question!, stale, userMessage("/sources")], "crayon", threadId);
      const after = await storedMessages(app, threadId);
      expect(after[1]).toEqual(reply);
      expect(await tree(app, threadId)).toHaveLength(after.length);
    },
  );
});

describe("/approve resumes with the user's answer", () => {
  describe.each(["crayon", "ag-ui", "vercel"] as const)("over %s", (protocol) => {
    async function askForApproval(app: App, threadId: string) {
      const history = [userMessage("/approve")];
      const { messages } = await converse(app, history, protocol, threadId);
      expect(assistants(messages).at(-1)?.status).toBe("awaiting_input");
      return messages;
    }

    it("approved: runs the tool and reports the result", async () => {
      const app = await testApp();
      const threadId = await newThread(app);
      const answered = respondTo(await askForApproval(app, threadId), { type: "approve" });
      const decoded = await converse(app, answered, protocol, threadId);
      const reply = replyOf(decoded, answered.messages);
      expect(reply.map((m) => m.role)).toEqual(["tool", "assistant"]);
      const call = assistants(answered.messages)[0]!.toolCalls![0]!;
      expect(reply[0]).toMatchObject({ role: "tool", toolCallId: call.id });
      expect(JSON.parse((reply[0] as ToolMessage).content as string)).toEqual(meetingResult);
      expect((reply[0] as ToolMessage).error).toBeUndefined();
      expect(reply[1]).toMatchObject({ status: "complete" });
      expect((reply[1] as AssistantMessage).content).toMatch(/^Done: "Release review"/);
      // AG-UI's `resume` and the AI SDK's `approval-responded` part carry the answer without
      // the hidden message, so the server writes its own; and the AI SDK stream names one
      // message per response, so a Vercel client derives the ids of tool results. The stored
      // thread is otherwise the client's.
      const stored = await storedMessages(app, threadId);
      if (protocol === "crayon") expect(stored).toEqual(decoded.messages);
      else expect(withoutIds(stored)).toEqual(withoutIds(decoded.messages));
    });

    it("rejected: acknowledges without running the tool", async () => {
      const app = await testApp();
      const threadId = await newThread(app);
      const answered = respondTo(await askForApproval(app, threadId), {
        type: "reject",
        reason: "not this week",
      });
      const reply = replyOf(await converse(app, answered, protocol, threadId), answered.messages);
      const tool = reply.find((m): m is ToolMessage => m.role === "tool");
      expect(JSON.stringify(tool)).not.toContain('"scheduled":true');
      const text = assistants(reply).at(-1)!.content!;
      expect(text).toContain("did not schedule");
      expect(text).toContain("not this week");
    });
  });

  it("an answer to something else is not taken for an approval", async () => {
    const app = await testApp();
    const history = [
      userMessage("Approved.", {
        context: [{ type: "human-response", response: "approve", toolCallId: "missing" }],
      }),
    ];
    const reply = replyOf(await converse(app, history), history);
    expect(assistants(reply)[0]?.content).toContain("You said:");
  });
});

describe.each(demoProtocols)("a conversation over %s", (protocol) => {
  // Over crayon and ag-ui the client sends the agent state back; the others carry none.
  const carriesState = protocol === "crayon" || protocol === "ag-ui";

  it("keeps every turn: a tool call, the agent state and the saved thread", async () => {
    const app = await testApp();
    const threadId = await newThread(app);
    const plan = [userMessage("/plan")];
    let decoded = await converse(app, plan, protocol, threadId);
    const first = [...decoded.messages, userMessage("/tool Paris")];
    decoded = await converse(app, first, protocol, threadId);
    expect(assistantText(replyOf(decoded, first))).toContain(weatherSentence(weatherFor("Paris")));

    for (const expected of [1, carriesState ? 2 : 1]) {
      const history = [...decoded.messages, userMessage("/count")];
      decoded = await converse(
        app,
        { messages: history, state: decoded.state },
        protocol,
        threadId,
      );
      expect(assistantText(replyOf(decoded, history))).toBe(countText(expected));
    }
    expect(decoded.state).toEqual(carriesState ? { count: 2 } : undefined);

    // The saved thread is the conversation the client shows: the plan activity, the tool call
    // and its result where the protocol carries them. Details beyond what is read may differ
    // (the ids a Vercel client makes up, the approval ids only the server's record has).
    const stored = await storedMessages(app, threadId);
    const readable = (messages: Message[]) =>
      messages.map((m) => ({
        role: m.role,
        content: "content" in m ? m.content : undefined,
        calls: m.role === "assistant" ? m.toolCalls?.map((c) => c.function) : undefined,
      }));
    expect(readable(stored)).toEqual(readable(decoded.messages));
    expect(stored.at(-1)).toMatchObject({ role: "assistant", status: "complete" });
    expect(stored.some((m) => m.role === "tool")).toBe(
      protocol !== "plain-text" && protocol !== "text",
    );
    if (protocol === "crayon") expect(stored).toEqual(decoded.messages);
  });
});
