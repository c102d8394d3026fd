import type { ChatRequest, Message, UserMessage } from "@crayonai/stream";
import type { Hono } from "hono";
import type { demoAgentChatParams } from "../client";
import type { DemoProtocol } from "../protocols/demoProtocols";

// Test support: messages and requests as a client makes them.

let counter = 0;

/** A user message with a fresh id. */
export function userMessage(content: string, extra: Partial<UserMessage> = {}): UserMessage {
  counter += 1;
  return { id: `user-${counter}`, role: "user", content, ...extra };
}

/** `POST /api/chat` with a JSON body (Crayon's own request unless the test says otherwise). */
export function postChat(
  app: Hono,
  body: unknown,
  protocol: DemoProtocol = "crayon",
  init: RequestInit = {},
): Promise<Response> {
  return Promise.resolve(
    app.request(`/api/chat?protocol=${protocol}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      ...init,
    }),
  );
}

/** The app's own fetch, so a client talks to it without a network. */
export const fetchFrom =
  (app: Hono): typeof fetch =>
  async (input, init) =>
    app.request(String(input), init);

/** The app's own fetch, recording the JSON bodies posted through it. */
export function recordingFetch(app: Hono): { bodies: any[]; fetch: typeof fetch } {
  const bodies: any[] = [];
  const doFetch: typeof fetch = async (input, init) => {
    if (typeof init?.body === "string") bodies.push(JSON.parse(init.body));
    return fetchFrom(app)(input, init);
  };
  return { bodies, fetch: doFetch };
}

/** A request as `useChat` makes it over `params`, with the thread converted by their converter. */
export function chatRequest(
  params: ReturnType<typeof demoAgentChatParams>,
  threadId: string,
  messages: Message[],
  abortController = new AbortController(),
): ChatRequest<unknown> {
  return {
    threadId,
    messages: params.messageConverter!.toExternal(messages),
    abortController,
    runId: `run-${threadId}`,
    trigger: "submit-message",
    messageId: messages.at(-1)?.id,
    state: undefined,
    tools: (params.tools ?? []).map(({ name, description, parameters }) => ({
      name,
      description,
      parameters,
    })),
  };
}
