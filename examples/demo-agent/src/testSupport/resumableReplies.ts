import type { Message } from "@crayonai/stream";
import { userMessage } from "./clientRequests";

// Test support: replies over real HTTP, posted, read in part, resumed and compared.

/** A protocol whose replies a thread can resume (every one; OpenAI's two at their own routes). */
export type ResumableProtocol =
  | "crayon"
  | "ag-ui"
  | "vercel"
  | "openai"
  | "open-responses"
  | "plain-text";

/** Where each OpenAI protocol is served. */
const openAIRoutes: Partial<Record<ResumableProtocol, string>> = {
  openai: "/api/openai/chat/completions",
  "open-responses": "/api/openai/responses",
};

/** Where a protocol's reply for `threadId` is posted, resumed (GET) and stopped (DELETE). */
export function replyPaths(protocol: ResumableProtocol, threadId: string) {
  const route = openAIRoutes[protocol];
  const chat = route ?? "/api/chat";
  return {
    post: route ?? `${chat}?protocol=${protocol}`,
    stream: `${chat}/${encodeURIComponent(threadId)}/stream`,
  };
}

/** A request asking for `command` as the first message of `threadId`, in the protocol's format. */
export function firstTurnBody(protocol: ResumableProtocol, threadId: string, command: string) {
  switch (protocol) {
    case "ag-ui":
      return {
        threadId,
        runId: "run-1",
        messages: [{ id: "user-1", role: "user", content: command }],
        tools: [],
        context: [],
        state: {},
        forwardedProps: {},
      };
    case "vercel":
      return {
        id: threadId,
        messages: [{ id: "user-1", role: "user", parts: [{ type: "text", text: command }] }],
        trigger: "submit-message",
      };
    case "openai":
      return {
        model: "demo",
        stream: true,
        messages: [{ role: "user", content: command }],
        metadata: { thread_id: threadId },
      };
    case "open-responses":
      return {
        model: "demo",
        stream: true,
        input: [{ role: "user", content: command }],
        metadata: { thread_id: threadId },
      };
    default:
      return { threadId, runId: "run-1", messages: [userMessage(command, { id: "user-1" })] };
  }
}

/** Posts `command` as the first turn of `threadId` to the server at `base` (`http://host:port`). */
export function postFirstTurn(
  base: string,
  protocol: ResumableProtocol,
  threadId: string,
  command: string,
  signal?: AbortSignal,
): Promise<Response> {
  return fetch(`${base}${replyPaths(protocol, threadId).post}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(firstTurnBody(protocol, threadId, command)),
    ...(signal && { signal }),
  });
}

/**
 * Reads a response's body, decoded, until it holds at least `characters` characters or `ms`
 * have passed, whichever comes first: `text`. `rest()` reads the remainder to its end.
 */
export async function readSome(
  response: Response,
  { characters = Number.POSITIVE_INFINITY, ms = Number.POSITIVE_INFINITY },
): Promise<{ text: string; rest(): Promise<string> }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const until = Date.now() + ms;
  let text = "";
  while (text.length < characters && Date.now() < until) {
    const { done, value } = await reader.read();
    if (done) throw new Error("The reply ended before the test stopped reading it.");
    text += decoder.decode(value, { stream: true });
  }
  const rest = async () => {
    let more = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return more + decoder.decode();
      more += decoder.decode(value, { stream: true });
    }
  };
  return { text, rest };
}

/**
 * A reply's body with its ids made comparable: each distinct UUID (message, tool call, run and
 * completion ids are random) becomes `<id1>`, `<id2>`… in order of first appearance, the
 * thread id becomes `<thread>`, and an OpenAI chunk's `created` time (a response's
 * `created_at`) `<time>`. Two runs of one command in two threads then give equal strings.
 */
export function withNeutralIds(body: string, threadId: string): string {
  const seen = new Map<string, string>();
  return body
    .split(threadId)
    .join("<thread>")
    .replace(/"created(_at)?":\d+/g, '"created$1":"<time>"')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (uuid) => {
      if (!seen.has(uuid)) seen.set(uuid, `<id${seen.size + 1}>`);
      return seen.get(uuid)!;
    });
}

/** The stored active branch of a thread on the server at `base`. */
export async function storedThread(base: string, threadId: string): Promise<Message[]> {
  const response = await fetch(`${base}/api/threads/${encodeURIComponent(threadId)}/messages`);
  if (!response.ok) throw new Error(`GET messages of ${threadId}: ${response.status}`);
  return response.json();
}
