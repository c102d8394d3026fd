import { type Message, type StreamProtocolAdapter, validateMessages } from "@crayonai/stream";
import type { Context } from "hono";
import { runAgent } from "../agent/runAgent";
import type { ResolvedDemoAgentOptions } from "../options";
import type { ProtocolEncoder } from "../protocols/protocolEncoder";
import { messagesError } from "../requests/messagesError";
import { THREAD_ID_LIMIT } from "../store/stringLimits";
import type { ThreadStore } from "../store/threadStore";
import { threadTitle } from "../store/threadTitle";
import { abortOnCancel } from "./abortOnCancel";
import { withApprovalAnswers } from "./approvalAnswers";
import { mergeWithStored } from "./mergeWithStored";
import { recordReply } from "./recordReply";
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
  store: () => Promise<ThreadStore>;
  options: ResolvedDemoAgentOptions;
  /**
   * How the client reads the protocol, for protocols that carry less than the reply (OpenAI's
   * one-message completion, the text-only ones): the reply is then saved as read back from the
   * encoded stream, so a reload shows what the client was shown (no approval it could not
   * answer). Without it, the reply is saved from the events the server sent, ids included.
   */
  readBack?: StreamProtocolAdapter;
};

/**
 * Answers one request, whatever protocol it came in: reads the thread it stands for, saves it,
 * runs the agent and streams the reply with `encode`. The thread is saved when the request
 * arrives and again when the reply ends, is stopped, or fails (the partial reply is kept). A
 * thread id the store does not know yet is created, so a client without thread management
 * still gets its history saved.
 */
export async function answerTurn(
  c: Context,
  request: TurnRequest<unknown>,
  encode: ProtocolEncoder,
  deps: AnswerTurnDeps,
): Promise<Response> {
  const db = await deps.store();
  const { threadId } = request;
  if (threadId !== undefined && threadId.length > THREAD_ID_LIMIT) {
    return c.json({ error: `The thread id is longer than ${THREAD_ID_LIMIT} characters.` }, 400);
  }
  const runId = request.runId ?? globalThis.crypto.randomUUID();
  // Converted from another format, the thread must still be valid Crayon messages to be stored.
  const validated = validateMessages(
    threadOf(request, (threadId && db.getMessages(threadId)) || []),
  );
  if (validated.errors.length) return c.json(messagesError(validated.errors), 400);
  const { messages } = validated;
  if (threadId !== undefined) {
    if (!db.getThread(threadId)) {
      const first = messages.find((m) => m.role === "user");
      await db.createThread({
        threadId,
        title: first?.role === "user" ? threadTitle(first) : "New chat",
        createdAt: new Date().toISOString(),
      });
    }
    await db.setMessages(threadId, messages);
  }

  const abort = new AbortController();
  const stop = () => abort.abort();
  const requestSignal = c.req.raw.signal;
  if (requestSignal.aborted) stop();
  else requestSignal.addEventListener("abort", stop, { once: true });

  const save = async (thread: Message[]) => {
    requestSignal.removeEventListener("abort", stop);
    if (threadId === undefined) return;
    try {
      await db.setMessages(threadId, thread);
    } catch (error) {
      console.error("The demo agent could not save the reply:", error);
    }
  };
  const { options, readBack } = deps;
  const events = runAgent({
    threadId: threadId ?? "",
    runId,
    messages,
    signal: abort.signal,
    delayMs: options.delayMs,
    ...(options.openai ? { openai: options.openai } : {}),
    ...(request.state !== undefined && { state: request.state }),
    ...(request.clientTools && { clientTools: request.clientTools }),
  });
  const run = {
    threadId: threadId ?? `unsaved-${runId}`,
    runId,
    ...(request.model !== undefined && { model: request.model }),
  };
  const checkpoint = (thread: Message[]) => {
    if (threadId === undefined) return;
    db.setMessages(threadId, thread).catch((error) =>
      console.error("The demo agent could not checkpoint the reply:", error),
    );
  };
  const record = {
    history: messages,
    signal: abort.signal,
    onSettled: save,
    onCheckpoint: checkpoint,
  };
  if (!readBack) return abortOnCancel(encode(recordReply(events, record), run), stop);

  // One copy of the body goes to the client, the other is read back and saved.
  const encoded = encode(events, run);
  const [toClient, toRecord] = encoded.body!.tee();
  const saved = recordReply(readBack.parse(new Response(toRecord, encoded)), record);
  (async () => {
    for await (const _event of saved);
  })().catch((error) => console.error("The demo agent could not save the reply:", error));
  return abortOnCancel(new Response(toClient, encoded), stop);
}
