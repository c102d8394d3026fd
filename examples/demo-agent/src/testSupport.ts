import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ClientTool } from "@crayonai/react-core";
import { pgliteDatabase, type SqlDatabase, type SqlExecutor } from "@crayonai/server/threads";
import type {
  AssistantMessage,
  ChatRequest,
  ChatTrigger,
  CrayonStreamEvent,
  HumanResponse,
  JSONValue,
  Message,
  ToolMessage,
  UserMessage,
} from "@crayonai/stream";
import { createMessageAccumulator } from "@crayonai/stream/accumulator";
import { serve } from "@hono/node-server";
import type { Hono } from "hono";
import { afterAll, onTestFinished } from "vitest";
import { createDemoAgentServer, type DemoAgentServer } from "./app";
import { demoAgentChatParams, demoProtocolAdapter } from "./client";
import type { DemoAgentOptions } from "./options";
import type { DemoProtocol } from "./protocols/demoProtocols";
import { pgliteTemplateDir } from "./store/demoThreads";

// Test support: apps on throw-away databases, requests, and decoding replies as a client does.

/** A PGlite directory in a fresh temporary directory (the directory itself does not exist yet). */
export async function temporaryDataDir(): Promise<string> {
  return join(await mkdtemp(join(tmpdir(), "demo-agent-")), "data");
}

// PGlite takes seconds to start on a busy machine, and every test has apps of its own: they
// share one PGlite per test file, each app in a Postgres schema of its own.
let sharedPglite: SqlDatabase | undefined;
let schemas = 0;
/** Apps not closed yet: made outside a test, they are closed with the file. */
const openAgents = new Set<DemoAgentServer>();
afterAll(async () => {
  await Promise.all([...openAgents].map((agent) => agent.close()));
  await sharedPglite?.close();
});

/**
 * A database of its own for one app: a fresh schema of the test file's PGlite, which every
 * statement and transaction of the app is run in (PGlite has one connection, so each sets its
 * `search_path` in a transaction of its own). Closing it leaves the PGlite open.
 */
export function testDatabase(): SqlDatabase {
  sharedPglite ??= pgliteDatabase({ templateDir: pgliteTemplateDir() });
  const shared = sharedPglite;
  const schema = `app_${++schemas}`;
  let created: Promise<unknown> | undefined;
  const inSchema = async <T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> => {
    created ??= shared.query(`CREATE SCHEMA ${schema}`);
    await created;
    return shared.transaction(async (tx) => {
      await tx.query(`SET LOCAL search_path TO ${schema}`);
      return work(tx);
    });
  };
  return {
    query: (sql, params) => inSchema((tx) => tx.query(sql, params)),
    transaction: (work) => inSchema(work),
    close: async () => {},
  };
}

/** Options for a test's own app: threads in a {@link testDatabase}, no model. */
const testOptions = (options: DemoAgentOptions): DemoAgentOptions => ({
  database: testDatabase(),
  openai: null,
  ...options,
});

/**
 * Closes `agent` (its replies stop and are saved) when the running test ends; made outside a
 * test (`beforeAll`), when the test file ends.
 */
function closeAfterTest(agent: DemoAgentServer): void {
  openAgents.add(agent);
  try {
    onTestFinished(async () => {
      openAgents.delete(agent);
      await agent.close();
    });
  } catch {
    // Not inside a test.
  }
}

/** A demo agent app on its own database, without pacing and without a model. */
export async function testApp(options: DemoAgentOptions = {}): Promise<Hono> {
  const agent = createDemoAgentServer(testOptions({ delayMs: 0, ...options }));
  closeAfterTest(agent);
  return agent.app;
}

/**
 * A demo agent served over real HTTP on a free loopback port (on its own database, without a
 * model), so clients really disconnect: `base` is `http://127.0.0.1:port`.
 */
export async function servedApp(
  options: DemoAgentOptions = {},
): Promise<{ base: string; close(): Promise<void> }> {
  const agent = createDemoAgentServer(testOptions(options));
  return new Promise((resolve) => {
    const server = serve({ fetch: agent.app.fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
      resolve({
        base: `http://127.0.0.1:${info.port}`,
        async close() {
          server.close();
          await agent.close();
        },
      }),
    );
  });
}

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

/** A reply read the way a client reads it: its events, the thread and agent state they build. */
export type DecodedReply = { events: CrayonStreamEvent[]; messages: Message[]; state?: unknown };

/** Reads `response` with the protocol's adapter and accumulates it onto `history` and `state`. */
export async function decodeReply(
  protocol: DemoProtocol,
  response: Response,
  history: readonly Message[],
  state?: unknown,
): Promise<DecodedReply> {
  const accumulator = createMessageAccumulator({ messages: history, agentState: state });
  const events: CrayonStreamEvent[] = [];
  for await (const event of demoProtocolAdapter(protocol).parse(response)) {
    events.push(event);
    accumulator.apply(event);
  }
  accumulator.finish();
  return { events, messages: accumulator.getMessages(), state: accumulator.getAgentState() };
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

/** What one request sends besides the thread: why it is made, and the state and answer it carries. */
export type Turn = {
  messages: Message[];
  trigger?: ChatTrigger;
  state?: unknown;
  response?: ChatRequest["response"];
};

let threads = 0;

/**
 * Sends `history` (ending with a user message, or a {@link Turn}) as `useChat` does over
 * `protocol`, with `demoAgentChatParams`: converted with its converter and posted by its
 * backend, in the protocol's own request format. Then decodes the reply, and like `useChat`
 * runs the client's declared tools on the calls left to it and sends their results back.
 * Without a `threadId`, a fresh one is used.
 */
export async function converse(
  app: Hono,
  history: Message[] | Turn,
  protocol: DemoProtocol = "crayon",
  threadId = `thread-${++threads}`,
  options: { fetch?: typeof fetch } = {},
): Promise<DecodedReply> {
  const params = demoAgentChatParams({ protocol, fetch: options.fetch ?? fetchFrom(app) });
  const tools = (params.tools ?? []) as ClientTool[];
  let turn: Turn = Array.isArray(history) ? { messages: history } : history;
  const events: CrayonStreamEvent[] = [];
  for (let roundtrip = 0; ; roundtrip++) {
    const response = await params.processMessage({
      threadId,
      messages: params.messageConverter!.toExternal(turn.messages),
      abortController: new AbortController(),
      runId: `run-${threadId}-${roundtrip}`,
      trigger: turn.trigger ?? "submit-message",
      state: turn.state,
      tools: tools.map(({ execute: _execute, ...definition }) => definition),
      ...(turn.response && { response: turn.response }),
    });
    const decoded = await decodeReply(protocol, response, turn.messages, turn.state);
    events.push(...decoded.events);
    const results = await runClientTools(tools, decoded.messages, threadId);
    if (results.length === 0 || roundtrip === 5) return { ...decoded, events };
    turn = {
      messages: [...decoded.messages, ...results],
      trigger: "tool-result",
      state: decoded.state,
    };
  }
}

/** Tool messages answering the calls of the last reply that a declared client tool runs. */
async function runClientTools(
  tools: ClientTool[],
  messages: Message[],
  threadId: string,
): Promise<ToolMessage[]> {
  const results: ToolMessage[] = [];
  for (const message of messages) {
    if (message.role !== "assistant") continue;
    for (const call of message.toolCalls ?? []) {
      const tool = tools.find((t) => t.name === call.function.name && t.execute);
      if (!tool || messages.some((m) => m.role === "tool" && m.toolCallId === call.id)) continue;
      const args = JSON.parse(call.function.arguments || "{}");
      const result = await tool.execute!(args, { toolCall: call, args, threadId, messages });
      results.push({
        id: `tool-${call.id}`,
        role: "tool",
        toolCallId: call.id,
        content: JSON.stringify(result),
      });
    }
  }
  return results;
}

/** The reply's messages (what came after `history`). */
export function replyOf(decoded: DecodedReply, history: readonly Message[]): Message[] {
  return decoded.messages.slice(history.length);
}

/** The assistant messages of a reply. */
export function assistants(messages: readonly Message[]): AssistantMessage[] {
  return messages.filter((m): m is AssistantMessage => m.role === "assistant");
}

/** All assistant text of a reply, messages joined by a blank line. */
export function assistantText(messages: readonly Message[]): string {
  return assistants(messages)
    .map((m) => m.content ?? "")
    .filter(Boolean)
    .join("\n\n");
}

/**
 * The request after the user answers an assistant message waiting for input, as `respond` in
 * `@crayonai/react-core` builds it: the waiting message becomes `complete` and its tool call
 * records `approved` (and the reason); a hidden user message carries the answer as context;
 * the request says it is a human response and which message it answers.
 */
export function respondTo(
  messages: readonly Message[],
  response: { type: "approve" } | { type: "reject"; reason?: string },
): Turn {
  let index = messages.length - 1;
  while (index >= 0) {
    const message = messages[index]!;
    if (message.role === "assistant" && message.status === "awaiting_input") break;
    index--;
  }
  if (index === -1) throw new Error("No message waits for input.");
  const waiting = messages[index] as AssistantMessage;
  const calls = waiting.toolCalls ?? [];
  const call =
    [...calls].reverse().find((c) => c.metadata?.approvalId !== undefined) ?? calls.at(-1);
  const context: Record<string, JSONValue> = {
    type: "human-response",
    response: response.type,
    messageId: waiting.id,
  };
  const resolved: AssistantMessage = { ...waiting, status: "complete" };
  if (call) {
    const metadata: Record<string, unknown> = {
      ...call.metadata,
      approved: response.type === "approve",
    };
    if (response.type === "reject" && response.reason) metadata.reason = response.reason;
    resolved.toolCalls = calls.map((c) => (c === call ? { ...c, metadata } : c));
    context.toolCallId = call.id;
    if (call.metadata?.approvalId !== undefined)
      context.approvalId = String(call.metadata.approvalId);
  }
  if (response.type === "reject" && response.reason) context.reason = response.reason;
  const answer = userMessage(
    response.type === "approve"
      ? "Approved."
      : `Rejected${response.type === "reject" && response.reason ? `: ${response.reason}` : "."}`,
    { isVisuallyHidden: true, context: [context] },
  );
  const humanResponse: HumanResponse = call ? { ...response, toolCallId: call.id } : response;
  return {
    messages: [...messages.slice(0, index), resolved, ...messages.slice(index + 1), answer],
    trigger: "human-response",
    response: { response: humanResponse, message: resolved },
  };
}

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
