import {
  AbstractChat,
  type ChatState,
  DefaultChatTransport,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  lastAssistantMessageIsCompleteWithToolCalls,
  type UIMessage,
} from "ai";
import * as v5 from "ai-v5";
import { describe, expect, it, vi } from "vitest";
import type { ChatRequest, ChatTrigger } from "../../chatRequest";
import type { VercelUIMessage } from "../../converters/vercel/vercelUIMessage";
import type { AssistantMessage, Message, ToolMessage, UserMessage } from "../../message";
import { vercelAIBackend } from "./vercelAIBackend";

const STREAM = 'data: {"type":"start"}\n\ndata: {"type":"finish"}\n\ndata: [DONE]\n\n';

/** A `fetch` that records what it was called with and answers with an empty UI message stream. */
function recordingFetch() {
  const calls: { url: string; init: RequestInit; body: any }[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(url), init, body: JSON.parse(String(init.body)) });
    return new Response(STREAM, {
      headers: { "content-type": "text/event-stream", "x-vercel-ai-ui-message-stream": "v1" },
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

/** The request `useChat` makes for `history` (what react-core's thread passes). */
function request(
  history: Message[],
  trigger: ChatTrigger,
  messageId?: string,
  backend = vercelAIBackend(),
): ChatRequest<VercelUIMessage> {
  return {
    threadId: "chat-1",
    messages: backend.messageConverter.toExternal(history),
    abortController: new AbortController(),
    runId: "run-1",
    trigger,
    state: undefined,
    tools: [],
    ...(messageId !== undefined && { messageId }),
  };
}

/** Sends `history` through a backend and returns the JSON body it posted. */
async function bodyFor(history: Message[], trigger: ChatTrigger, messageId?: string) {
  const { fetch, calls } = recordingFetch();
  const backend = vercelAIBackend({ fetch });
  await backend.processMessage(request(history, trigger, messageId, backend));
  return calls[0]!.body;
}

// ─── The AI SDK's own chat, as the oracle of what it sends ───

type AnyChat = {
  sendMessage(message: { text: string }): Promise<void>;
  regenerate(options: { messageId: string }): Promise<void>;
  addToolOutput(options: { tool: string; toolCallId: string; output: unknown }): Promise<void>;
  addToolApprovalResponse?(options: {
    id: string;
    approved: boolean;
    reason?: string;
  }): Promise<void>;
};

function arrayState(messages: UIMessage[]): ChatState<UIMessage> {
  return {
    status: "ready",
    error: undefined,
    messages,
    pushMessage(message) {
      this.messages = [...this.messages, message];
    },
    popMessage() {
      this.messages = this.messages.slice(0, -1);
    },
    replaceMessage(index, message) {
      this.messages = this.messages.map((m, i) => (i === index ? message : m));
    },
    snapshot: (thing) => structuredClone(thing),
  };
}

const sdks = {
  "AI SDK 6": {
    AbstractChat,
    DefaultChatTransport,
    complete: lastAssistantMessageIsCompleteWithToolCalls,
  },
  "AI SDK 5": {
    AbstractChat: v5.AbstractChat,
    DefaultChatTransport: v5.DefaultChatTransport,
    complete: v5.lastAssistantMessageIsCompleteWithToolCalls,
  },
} as const;

/**
 * An AI SDK chat over `messages` whose transport posts with `fetch`; new message ids: `u1`.
 * `sendAutomaticallyWhen` is asked once: the empty reply would otherwise be followed up forever.
 */
function sdkChat(
  sdk: keyof typeof sdks,
  messages: UIMessage[],
  fetch: typeof globalThis.fetch,
  sendAutomaticallyWhen?: (options: { messages: UIMessage[] }) => boolean,
): AnyChat {
  // The two majors' classes differ in their types only: used untyped.
  const { AbstractChat: Chat, DefaultChatTransport: Transport } = sdks[sdk] as Record<string, any>;
  const Concrete: new (init: object) => AnyChat = class extends Chat {};
  let asked = false;
  return new Concrete({
    id: "chat-1",
    generateId: () => "u1",
    transport: new Transport({ api: "/api/chat", fetch }),
    state: arrayState(structuredClone(messages)),
    sendAutomaticallyWhen:
      sendAutomaticallyWhen &&
      ((options: { messages: UIMessage[] }) => {
        const send = !asked && sendAutomaticallyWhen(options);
        asked = true;
        return send;
      }),
  });
}

const userUI: UIMessage = { id: "u1", role: "user", parts: [{ type: "text", text: "Hi" }] };
const user: UserMessage = { id: "u1", role: "user", content: "Hi" };

describe("vercelAIBackend: the body is what the AI SDK's chat sends", () => {
  for (const sdk of ["AI SDK 6", "AI SDK 5"] as const) {
    it(`${sdk}: a new user message (trigger submit-message, no messageId)`, async () => {
      const oracle = recordingFetch();
      await sdkChat(sdk, [], oracle.fetch).sendMessage({ text: "Hi" });
      const body = await bodyFor([user], "submit-message", "u1");
      expect(body).toEqual(oracle.calls[0]!.body);
      expect(body).toEqual({ id: "chat-1", messages: [userUI], trigger: "submit-message" });
    });

    it(`${sdk}: a regeneration (trigger regenerate-message, messageId of the replaced reply)`, async () => {
      const oracle = recordingFetch();
      const reply: UIMessage = {
        id: "a1",
        role: "assistant",
        parts: [{ type: "step-start" }, { type: "text", text: "Hello", state: "done" }],
      };
      await sdkChat(sdk, [userUI, reply], oracle.fetch).regenerate({ messageId: "a1" });
      const body = await bodyFor([user], "regenerate-message", "a1");
      expect(body).toEqual(oracle.calls[0]!.body);
      expect(body).toMatchObject({ trigger: "regenerate-message", messageId: "a1" });
    });

    it(`${sdk}: client tool results (trigger submit-message, messageId of the assistant message)`, async () => {
      const oracle = recordingFetch();
      const reply: UIMessage = {
        id: "a1",
        role: "assistant",
        parts: [
          { type: "step-start" },
          { type: "tool-lookup", toolCallId: "c1", state: "input-available", input: { q: "x" } },
        ],
      };
      const complete = sdks[sdk].complete as (options: { messages: UIMessage[] }) => boolean;
      const chat = sdkChat(sdk, [userUI, reply], oracle.fetch, complete);
      await chat.addToolOutput({ tool: "lookup", toolCallId: "c1", output: { found: true } });
      await vi.waitFor(() => expect(oracle.calls).toHaveLength(1));

      const assistant: AssistantMessage = {
        id: "a1",
        role: "assistant",
        content: "",
        status: "complete",
        toolCalls: [
          { id: "c1", type: "function", function: { name: "lookup", arguments: '{"q":"x"}' } },
        ],
      };
      const result: ToolMessage = {
        id: "t-random",
        role: "tool",
        toolCallId: "c1",
        content: '{"found":true}',
      };
      const body = await bodyFor([user, assistant, result], "tool-result", "a1");
      expect(body).toEqual(oracle.calls[0]!.body);
      expect(body).toMatchObject({ trigger: "submit-message", messageId: "a1" });
    });
  }

  it("AI SDK 6: an approval answer (the hidden answer is left out; messageId of the assistant)", async () => {
    const oracle = recordingFetch();
    const reply: UIMessage = {
      id: "a1",
      role: "assistant",
      parts: [
        { type: "step-start" },
        { type: "text", text: "Paying.", state: "done" },
        {
          type: "tool-pay",
          toolCallId: "c1",
          state: "approval-requested",
          input: { amount: 5 },
          approval: { id: "ap1" },
        },
      ],
    };
    const chat = sdkChat(
      "AI SDK 6",
      [userUI, reply],
      oracle.fetch,
      lastAssistantMessageIsCompleteWithApprovalResponses,
    );
    await chat.addToolApprovalResponse!({ id: "ap1", approved: false, reason: "Too much" });
    await vi.waitFor(() => expect(oracle.calls).toHaveLength(1));

    const resolved: AssistantMessage = {
      id: "a1",
      role: "assistant",
      content: "Paying.",
      status: "complete",
      toolCalls: [
        {
          id: "c1",
          type: "function",
          function: { name: "pay", arguments: '{"amount":5}' },
          metadata: { approvalId: "ap1", approved: false, reason: "Too much" },
        },
      ],
    };
    const hidden: UserMessage = {
      id: "h1",
      role: "user",
      isVisuallyHidden: true,
      content: "Rejected: Too much",
      context: [
        {
          type: "human-response",
          response: "reject",
          messageId: "a1",
          toolCallId: "c1",
          approvalId: "ap1",
          reason: "Too much",
        },
      ],
    };
    const body = await bodyFor([user, resolved, hidden], "human-response", "a1");
    expect(body).toEqual(oracle.calls[0]!.body);
  });

  it("a free-text answer is a new user message: submit-message without messageId", async () => {
    const waiting: AssistantMessage = { id: "a1", role: "assistant", content: "Which city?" };
    const answer: UserMessage = { id: "u2", role: "user", content: "Zürich" };
    const body = await bodyFor([user, waiting, answer], "human-response", "u2");
    expect(body.trigger).toBe("submit-message");
    expect(body).not.toHaveProperty("messageId");
    expect(body.messages.at(-1)).toEqual({
      id: "u2",
      role: "user",
      parts: [{ type: "text", text: "Zürich" }],
    });
  });
});

describe("vercelAIBackend: HTTP", () => {
  it("POSTs JSON to /api/chat by default, asking for an event stream", async () => {
    const { fetch, calls } = recordingFetch();
    const backend = vercelAIBackend({ fetch });
    await backend.processMessage(request([user], "submit-message", "u1", backend));
    expect(calls[0]!.url).toBe("/api/chat");
    expect(calls[0]!.init.method).toBe("POST");
    expect(calls[0]!.init.headers).toEqual({
      "Content-Type": "application/json",
      Accept: "text/event-stream",
    });
  });

  it("sends the api, object headers and credentials given", async () => {
    const { fetch, calls } = recordingFetch();
    const backend = vercelAIBackend({
      api: "https://agent.example/chat",
      headers: { Authorization: "Bearer a" },
      credentials: "include",
      fetch,
    });
    await backend.processMessage(request([user], "submit-message", "u1", backend));
    expect(calls[0]!.url).toBe("https://agent.example/chat");
    expect(calls[0]!.init.headers).toMatchObject({ Authorization: "Bearer a" });
    expect(calls[0]!.init.credentials).toBe("include");
  });

  it("calls a headers function before every request and awaits it", async () => {
    const { fetch, calls } = recordingFetch();
    let token = 0;
    const backend = vercelAIBackend({
      headers: async () => ({ Authorization: `Bearer ${++token}` }),
      fetch,
    });
    await backend.processMessage(request([user], "submit-message", "u1", backend));
    await backend.processMessage(request([user], "submit-message", "u1", backend));
    expect(
      calls.map((call) => (call.init.headers as Record<string, string>).Authorization),
    ).toEqual(["Bearer 1", "Bearer 2"]);
  });

  it("passes the request's abort signal to fetch", async () => {
    const { fetch, calls } = recordingFetch();
    const backend = vercelAIBackend({ fetch });
    const sent = request([user], "submit-message", "u1", backend);
    await backend.processMessage(sent);
    expect(calls[0]!.init.signal).toBe(sent.abortController.signal);
    sent.abortController.abort();
    expect(calls[0]!.init.signal?.aborted).toBe(true);
  });

  it("adds body fields (an object, or a function of the request); the AI SDK's fields win", async () => {
    const { fetch, calls } = recordingFetch();
    const fixed = vercelAIBackend({ fetch, body: { model: "fast", trigger: "mine" } });
    await fixed.processMessage(request([user], "submit-message", "u1", fixed));
    expect(calls[0]!.body).toMatchObject({ model: "fast", trigger: "submit-message" });

    const seen: ChatRequest<VercelUIMessage>[] = [];
    const computed = vercelAIBackend({
      fetch,
      body: async (chatRequest) => {
        seen.push(chatRequest);
        return { runId: chatRequest.runId, id: "not-the-thread" };
      },
    });
    const sent = request([user], "submit-message", "u1", computed);
    await computed.processMessage(sent);
    expect(seen).toEqual([sent]);
    expect(calls[1]!.body).toMatchObject({ runId: "run-1", id: "chat-1" });
  });

  it("reads the response as a UI message stream and converts messages to UIMessages", async () => {
    const { fetch } = recordingFetch();
    const backend = vercelAIBackend({ fetch });
    const response = await backend.processMessage(request([user], "submit-message", "u1", backend));
    const events = [];
    for await (const event of backend.streamProtocol.parse(response)) events.push(event);
    expect(events).toContainEqual({ type: "run-finish", outcome: "success" });
    expect(backend.messageConverter.toExternal([user])).toEqual([userUI]);
  });

  it("passes converter options on: includeContext", async () => {
    const withContext: UserMessage = { ...user, context: [{ page: "home" }] };
    expect(vercelAIBackend().messageConverter.toExternal([withContext])[0]!.parts).toHaveLength(2);
    expect(
      vercelAIBackend({ includeContext: false }).messageConverter.toExternal([withContext])[0]!
        .parts,
    ).toHaveLength(1);
  });
});
