import type { ResumableReplies } from "@crayonai/server/resumable";
import { activeBranch, ID_LIMIT, threadTitle } from "@crayonai/server/threads";
import { type Message, type StreamProtocolAdapter, validateMessages } from "@crayonai/stream";
import { createId } from "@crayonai/stream/ids";
import type { Context } from "hono";
import { runAgent } from "../agent/runAgent";
import type { Script } from "../agent/script";
import type { DemoMcp } from "../mcp/demoMcp";
import type { ResolvedDemoAgentOptions } from "../options";
import type { DemoProtocol } from "../protocols/demoProtocols";
import type { ProtocolEncoder } from "../protocols/protocolEncoder";
import { messagesError } from "../requests/messagesError";
import type { DemoThreads } from "../store/demoThreads";
import { DEMO_USER } from "../store/demoUser";
import { withApprovalAnswers } from "./approvalAnswers";
import { branchWriter } from "./branchWriter";
import { keepStoredReplies } from "./keepStoredReplies";
import { mergeWithStored } from "./mergeWithStored";
import { labelReply } from "./producedReply";
import { recordReply } from "./recordReply";
import { relayBody } from "./relayBody";
import type { TurnRequest } from "./turnRequest";

/** The tool call the stored thread asked `approvalId` about. */
function callAskedAbout(stored: readonly Message[], approvalId: string): string | undefined {
  for (const message of stored) {
    if (message.role !== "assistant") continue;
    const call = message.toolCalls?.find((c) => c.metadata?.approvalId === approvalId);
    if (call) return call.id;
  }
  return undefined;
}

/** The Crayon thread a request stands for, with the stored thread filling in what it cannot carry. */
function threadOf(request: TurnRequest<unknown>, stored: readonly Message[]): Message[] {
  const messages = request.converter
    ? mergeWithStored(stored, request.messages, request.converter)
    : (request.messages as Message[]);
  // An answer that names only its approval (AG-UI's interrupt id) is matched to its call by the
  // stored thread, which recorded the request.
  const approvals = request.approvals?.map((answer) => {
    const toolCallId =
      answer.toolCallId ?? (answer.approvalId && callAskedAbout(stored, answer.approvalId));
    return toolCallId ? { ...answer, toolCallId } : answer;
  });
  return withApprovalAnswers(messages, approvals);
}

/** What `answerTurn` needs besides the request. */
export type AnswerTurnDeps = {
  threads: DemoThreads;
  options: ResolvedDemoAgentOptions;
  /** Where replies of saved threads run: resumable, stopped only by an explicit request. */
  replies: ResumableReplies;
  /**
   * How the client reads the protocol, for protocols that carry less than the reply (OpenAI's
   * one-message completion, the text-only ones): the reply is then saved as read back from the
   * encoded stream, so a reload shows what the client was shown (no approval it could not
   * answer). Without it, the reply is saved from the events the server sent, ids included.
   */
  readBack?: StreamProtocolAdapter;
  /** The MCP servers whose tools `/mcp` calls. */
  mcp?: DemoMcp;
  /** The scripts replies are chosen from. Default: every demo script. */
  scripts?: readonly Script[];
  /**
   * The reply's protocol: a saved thread's reply is labelled with it, so that when its instance
   * dies, everything it produced is saved (see `saveProducedReply`).
   */
  protocol?: DemoProtocol;
};

/**
 * Answers one request, whatever protocol it came in: reads the thread it stands for, saves it,
 * runs the agent and streams the reply with `encode`. The thread is saved when the request
 * arrives and again when the reply ends, is stopped, or fails (the partial reply is kept). A
 * thread id the store does not know yet is created, so a client without thread management
 * still gets its history saved.
 *
 * The reply of a thread runs through `deps.replies`: a client that goes away does not stop it
 * (it can resume it from a position); an explicit stop does (`stopped`), and so does the
 * server's shutdown (kept as interrupted). A reply without a thread cannot be resumed, so it
 * stops when its client goes away.
 */
export async function answerTurn(
  c: Context,
  request: TurnRequest<unknown>,
  encode: ProtocolEncoder,
  deps: AnswerTurnDeps,
): Promise<Response> {
  const { threadId } = request;
  if (threadId !== undefined && threadId.length > ID_LIMIT) {
    return c.json({ error: `The thread id is longer than ${ID_LIMIT} characters.` }, 400);
  }
  const { store, started } = deps.threads;
  await started;
  const runId = request.runId ?? createId();
  // Every branch (to keep the replies stored), and the one shown, which the request continues.
  const stored = threadId === undefined ? undefined : await store.loadThread(DEMO_USER, threadId);
  const shown = stored
    ? activeBranch(stored.messages, stored.activeLeafId).map(
        ({ parentId: _parent, ...message }) => message as Message,
      )
    : [];
  // Converted from another format, the thread must still be valid Crayon messages to be stored.
  const validated = validateMessages(threadOf(request, shown));
  if (validated.errors.length) return c.json(messagesError(validated.errors), 400);
  let { messages } = validated;
  if (threadId !== undefined) {
    if (stored) messages = keepStoredReplies(stored.messages, messages);
    else {
      const first = messages.find((m) => m.role === "user");
      await store.createThread(DEMO_USER, {
        threadId,
        title: first?.role === "user" ? threadTitle(first) : "New chat",
      });
    }
    await store.saveBranch(DEMO_USER, threadId, messages);
  }

  // The thread is saved as the reply streams (checkpoints) and once it settled, in that order.
  const writer =
    threadId === undefined
      ? undefined
      : branchWriter((thread) => store.saveBranch(DEMO_USER, threadId, thread));
  const save = async (thread: Message[]) => writer?.settle(thread);
  const checkpoint = (thread: Message[]) => writer?.checkpoint(thread);
  const { options, readBack } = deps;
  const run = {
    threadId: threadId ?? `unsaved-${runId}`,
    runId,
    history: messages,
    ...(request.model !== undefined && { model: request.model }),
    ...(deps.mcp && { mcpTool: deps.mcp.toolOf }),
  };
  const generate = (signal: AbortSignal): Response => {
    const events = runAgent({
      threadId: threadId ?? "",
      runId,
      messages,
      signal,
      delayMs: options.delayMs,
      ...(options.openai ? { openai: options.openai } : {}),
      ...(request.state !== undefined && { state: request.state }),
      ...(request.clientTools && { clientTools: request.clientTools }),
      ...(deps.mcp && { mcp: deps.mcp }),
      ...(deps.scripts && { scripts: deps.scripts }),
    });
    const record = { history: messages, signal, onSettled: save, onCheckpoint: checkpoint };
    if (!readBack) return encode(recordReply(events, record), run);
    // One copy of the body goes to the client, the other is read back and saved before the
    // client's copy ends.
    const encoded = encode(events, run);
    const [toClient, toRecord] = encoded.body!.tee();
    const saved = (async () => {
      for await (const _event of recordReply(
        readBack.parse(new Response(toRecord, encoded)),
        record,
      ));
    })().catch((error) => console.error("The demo agent could not save the reply:", error));
    return relayBody(new Response(toClient, encoded), { endAfter: saved });
  };
  if (threadId !== undefined) {
    const { protocol } = deps;
    return deps.replies.start({
      threadId,
      generate: protocol ? (signal) => labelReply(generate(signal), protocol, messages) : generate,
    });
  }

  // Nobody can resume a reply without a thread: it stops when its client goes away.
  const abort = new AbortController();
  const stop = () => abort.abort();
  const requestSignal = c.req.raw.signal;
  if (requestSignal.aborted) stop();
  else requestSignal.addEventListener("abort", stop, { once: true });
  return relayBody(generate(abort.signal), { onCancel: stop });
}
