// @vitest-environment node

import { createResumableReplies, inProcessReplyStore } from "@crayonai/server/resumable";
import { vercelAIBackend } from "@crayonai/stream/backends/vercel";
import * as ai from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { http } from "msw";
import { setupServer } from "msw/node";
import { createResumableStreamContext } from "resumable-stream/generic";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ThreadStatus } from "../../src/types";
import { createChat, type ThreadStore } from "../../src/vanilla";

// vercelAIBackend against AI SDK 6 routes that resume, written two ways: exactly as the AI SDK's
// "Chatbot Resume Streams" guide writes them (resumable-stream's own context in the POST's
// `consumeSseStream`, `GET /api/chat/[id]/stream` answering 204 or the whole stream), and with
// Crayon's kit (which adds Stop). Only the model is a mock: it streams a long answer slowly.

const API = "http://app.test/api/chat";
const WORDS = Array.from({ length: 60 }, (_, i) => `word${i} ✓`);
const FULL_TEXT = WORDS.join(" ");

/** A model that writes FULL_TEXT a word every 5 ms (and stops when aborted). */
function slowModel() {
  const finish = {
    type: "finish",
    finishReason: { unified: "stop", raw: "stop" },
    usage: {
      inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 60, text: 60, reasoning: undefined },
    },
  };
  return new MockLanguageModelV3({
    doStream: async () => ({
      stream: ai.simulateReadableStream({
        chunks: [
          { type: "text-start", id: "t1" },
          ...WORDS.map((word, i) => ({
            type: "text-delta",
            id: "t1",
            delta: i ? ` ${word}` : word,
          })),
          { type: "text-end", id: "t1" },
          finish,
        ] as never[],
        chunkDelayInMs: 5,
      }),
    }),
  });
}

/** The routes as the AI SDK's guide writes them; the store is resumable-stream's generic one. */
function guideRoutes() {
  const store = inProcessReplyStore();
  const streamContext = createResumableStreamContext({
    waitUntil: null,
    publisher: store.publisher,
    subscriber: store.subscriber,
  });
  const activeStreamIds = new Map<string, string | null>();
  return {
    async POST(req: Request) {
      const { id, messages }: { id: string; messages: ai.UIMessage[] } = await req.json();
      activeStreamIds.set(id, null);
      const result = ai.streamText({
        model: slowModel(),
        messages: await ai.convertToModelMessages(messages),
      });
      return result.toUIMessageStreamResponse({
        originalMessages: messages,
        generateMessageId: ai.generateId,
        onFinish: () => {
          activeStreamIds.set(id, null);
        },
        async consumeSseStream({ stream }) {
          const streamId = ai.generateId();
          await streamContext.createNewResumableStream(streamId, () => stream);
          activeStreamIds.set(id, streamId);
        },
      });
    },
    async GET(_req: Request, id: string) {
      const streamId = activeStreamIds.get(id);
      if (streamId == null) return new Response(null, { status: 204 });
      const stream = await streamContext.resumeExistingStream(streamId);
      if (!stream) return new Response(null, { status: 204 });
      return new Response(stream.pipeThrough(new TextEncoderStream()), {
        headers: ai.UI_MESSAGE_STREAM_HEADERS,
      });
    },
  };
}

/** The same route with Crayon's kit: `start` around the AI SDK's response, GET and DELETE. */
function kitRoutes() {
  const replies = createResumableReplies();
  const aborted: unknown[] = [];
  return {
    aborted,
    async POST(req: Request) {
      const { id, messages }: { id: string; messages: ai.UIMessage[] } = await req.json();
      return replies.start({
        threadId: id,
        generate: async (signal) => {
          signal.addEventListener("abort", () => aborted.push(signal.reason));
          const result = ai.streamText({
            model: slowModel(),
            messages: await ai.convertToModelMessages(messages),
            abortSignal: signal,
          });
          return result.toUIMessageStreamResponse();
        },
      });
    },
    GET: (req: Request, id: string) => replies.handle(req, { threadId: id }),
    DELETE: (req: Request, id: string) => replies.handle(req, { threadId: id }),
  };
}

type Routes = {
  POST(req: Request): Promise<Response>;
  GET(req: Request, id: string): Promise<Response>;
  DELETE?(req: Request, id: string): Promise<Response>;
};

let routes: Routes | undefined;
/** The network: after `cutAfter` bytes of the first POST's body, the connection fails. */
let cutAfter = Number.POSITIVE_INFINITY;

function cut(body: ReadableStream<Uint8Array>, bytes: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let sent = 0;
  return new ReadableStream({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      if (sent + value.length > bytes) {
        controller.enqueue(value.slice(0, bytes - sent));
        controller.error(new TypeError("network error"));
        void reader.cancel().catch(() => {});
        return;
      }
      sent += value.length;
      controller.enqueue(value);
    },
  });
}

const server = setupServer(
  http.post(API, async ({ request }) => {
    const response = await routes!.POST(request);
    if (!Number.isFinite(cutAfter) || !response.body) return response;
    const bytes = cutAfter;
    cutAfter = Number.POSITIVE_INFINITY;
    return new Response(cut(response.body, bytes), response);
  }),
  http.get(`${API}/:id/stream`, ({ request, params }) => routes!.GET(request, String(params.id))),
  http.delete(`${API}/:id/stream`, ({ request, params }) =>
    routes!.DELETE
      ? routes!.DELETE(request, String(params.id))
      : new Response(null, { status: 405 }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  routes = undefined;
  cutAfter = Number.POSITIVE_INFINITY;
});
afterAll(() => server.close());

const replyText = (thread: ThreadStore) => {
  const reply = thread.store.getState().messages.at(-1);
  return reply?.role === "assistant" ? reply.content : undefined;
};

function statuses(thread: ThreadStore): ThreadStatus[] {
  const seen: ThreadStatus[] = [];
  thread.store.subscribe((state) => {
    if (seen.at(-1) !== state.status) seen.push(state.status);
  });
  return seen;
}

describe.each([
  ["the AI SDK guide's routes", guideRoutes],
  ["Crayon's kit around the AI SDK's response", kitRoutes],
])("vercelAIBackend with %s", (_name, makeRoutes) => {
  it("a connection cut mid-reply is reopened: the text is the uninterrupted one, nothing doubled", async () => {
    routes = makeRoutes();
    cutAfter = 700;
    const chat = createChat({ ...vercelAIBackend({ api: API }), reconnect: { delays: [20, 50] } });
    const thread = chat.selectedThread();
    const seen = statuses(thread);
    await thread.actions.processMessage("Tell me a long story");
    expect(thread.store.getState().error).toBeNull();
    expect(replyText(thread)).toBe(FULL_TEXT);
    expect(seen).toContain("reconnecting");
    expect(seen.at(-1)).toBe("idle");
  });

  it("a thread opened while its reply runs follows it to the same text", async () => {
    routes = makeRoutes();
    const first = createChat({ ...vercelAIBackend({ api: API }) });
    const sending = first.selectedThread().actions.processMessage("Tell me a long story");
    await vi.waitFor(() => expect(replyText(first.selectedThread())?.length).toBeGreaterThan(20));
    const threadId = first.selectedThread().store.getState().threadId!;
    const user = first.selectedThread().store.getState().messages[0]!;

    // Another tab: the stored thread (UIMessages) has the user's message; the reply is followed.
    const stored: ai.UIMessage[] = [
      { id: user.id, role: "user", parts: [{ type: "text", text: "Tell me a long story" }] },
    ];
    const second = createChat({ ...vercelAIBackend({ api: API }), loadThread: async () => stored });
    second.actions.selectThread(threadId);
    const follower = second.getThread(threadId)!;
    await vi.waitFor(() => expect(follower.store.getState().isRunning).toBe(true));
    await vi.waitFor(() => expect(follower.store.getState().isRunning).toBe(false), {
      timeout: 5000,
    });
    await sending;
    expect(replyText(follower)).toBe(FULL_TEXT);
    expect(follower.store.getState().messages).toHaveLength(2);
  });
});

describe("Stop with Crayon's kit around an AI SDK route", () => {
  it("stops the model on the server (a disconnect alone does not)", async () => {
    const kit = kitRoutes();
    routes = kit;
    const chat = createChat({ ...vercelAIBackend({ api: API }) });
    const thread = chat.selectedThread();
    const sending = thread.actions.processMessage("Tell me a long story");
    await vi.waitFor(() => expect(replyText(thread)?.length).toBeGreaterThan(20));
    expect(kit.aborted).toEqual([]);
    thread.actions.stop();
    await sending;
    await vi.waitFor(() => expect(kit.aborted).toEqual(["stop"]));
    expect(thread.store.getState().messages.at(-1)).toMatchObject({ status: "stopped" });
    expect(FULL_TEXT.startsWith(replyText(thread)!)).toBe(true);
  });
});
