import type { CrayonStreamEvent, Message, UserMessage } from "@crayonai/stream";
import { ABORTED, observe, untilAborted } from "../abortable";
import { ChatError } from "../chatError";
import type { ReplyTrace } from "../debugChannel";
import { loadReplyPipeline } from "../onDemand";
import type { ReplyConnection } from "../reply/replyConnection";
import type { ReplyResult } from "../reply/replyReader";
import {
  chatRequest,
  continuedMessages,
  type RequestIntent,
  replyOutcome,
  toolResultIntent,
} from "../reply/replyRequest";
import { runningReply, stopRemotely, withoutRunningReply } from "../reply/replyResumption";
import { answerToolCalls, defaultToolRoundtrips } from "../tools/clientTools";
import { turnAwaitsToolResults } from "./messageQueue";
import type { ThreadCore } from "./threadCore";
import { mergeHistory } from "./threadEdits";

/** When a stop sent before anything of the reply arrived is sent again. */
const STOP_AGAIN_MS = 1000;

/**
 * A thread's replies: running one (its request, its stream, its client tools' round trips),
 * stopping it, and following one still running on the server when the thread loads. It holds
 * the state of the reply in flight; every change of the thread goes through its
 * {@link ThreadCore}, which stays the only store writer.
 */
export class ReplyRunner {
  readonly #core: ThreadCore;
  #abortController: AbortController | undefined;
  /** True while a response is being read into the thread. */
  #streaming = false;
  /** True once the running reply's first change arrived (status `streaming`, not `submitted`). */
  #receiving = false;
  /** Replies started in this thread: a stop asked again later must not reach a newer one. */
  #runs = 0;
  /** History that arrived while a reply was streaming; merged in when it ends. */
  #pendingHistory: Message[] | undefined;
  /** Asking the server for a reply still running there (see {@link attach}), if it is. */
  #attaching: AbortController | undefined;
  /** The last message of a history read again because it showed a reply no longer running. */
  #reloadedFor: string | undefined;

  constructor(core: ThreadCore) {
    this.#core = core;
  }

  /** True once the running reply's first change arrived. */
  get receiving(): boolean {
    return this.#receiving;
  }

  /** True while a response is being read into the thread. */
  get streaming(): boolean {
    return this.#streaming;
  }

  /** Keeps history that loaded while a reply streams; it is merged in when the reply ends. */
  holdHistory(messages: Message[]): void {
    this.#pendingHistory = messages;
  }

  /**
   * Aborts the streaming reply, if any. The reply ends at once, even if the response does not
   * honour the abort signal; its partial content is kept and marked `stopped`. With
   * `stopStream` set, the server is asked to stop generating it too.
   */
  stop(): void {
    if (!this.#abortController) return;
    // Stopped before anything of the reply arrived: the server may not have registered it yet
    // (its route still reading the request), so the stop may find nothing to stop. It is asked
    // again a second later, unless another reply of this thread started meanwhile.
    const early = !this.#receiving;
    const run = this.#runs;
    this.#abortController.abort();
    const { threadId } = this.#core;
    if (threadId === null) return;
    const params = this.#core.host.params();
    stopRemotely(params, threadId);
    if (early && params.stopStream) {
      setTimeout(() => {
        if (this.#runs === run) stopRemotely(params, threadId);
      }, STOP_AGAIN_MS);
    }
  }

  /**
   * Streams a reply to the history `prepare` returns, then answers its client-side tool calls
   * and sends them back (up to `maxToolRoundtrips` times). The thread is busy (`isRunning`)
   * from the first moment to the end, so nothing else can interleave.
   */
  async run(
    prepare: () => Message[] | Promise<Message[]>,
    intent: RequestIntent,
    attached?: Response,
  ): Promise<void> {
    this.#attaching?.abort();
    const controller = new AbortController();
    const { signal } = controller;
    this.#abortController = controller;
    this.#runs++;
    this.#receiving = false;
    this.#core.set({ isRunning: true, error: null });
    this.#core.host.setRunning(this.#core, true);
    let failure: ChatError | null = null;
    try {
      // Synchronous when nothing has to be waited for: a new thread appears in the same tick.
      const prepared = prepare();
      let history = Array.isArray(prepared) ? prepared : await untilAborted(prepared, signal);
      for (let roundtrip = 0; ; roundtrip++) {
        const result = await this.#streamReply(
          history,
          controller,
          intent,
          roundtrip === 0 ? attached : undefined,
        );
        failure = result.failure;
        if (failure || signal.aborted) break;
        const params = this.#core.host.params();
        const { maxToolRoundtrips = defaultToolRoundtrips(params.tools) } = params;
        const allAnswered = await answerToolCalls({
          messages: () => this.#core.store.getState().messages,
          reply: result.reply,
          threadId: this.#core.threadId ?? "",
          ...(params.tools && { tools: params.tools }),
          ...(params.onToolCall && { onToolCall: params.onToolCall }),
          onResult: (message) => this.#core.appendToolResult(message),
        });
        if (!allAnswered || roundtrip >= maxToolRoundtrips || signal.aborted) break;
        history = this.#core.store.getState().messages;
        intent = toolResultIntent(history);
      }
    } catch (error) {
      if (error !== ABORTED) failure = ChatError.from("process_failed", error);
    } finally {
      if (this.#abortController === controller) this.#abortController = undefined;
      this.#receiving = false;
      this.#core.set({ isRunning: false, isReconnecting: false, error: failure });
      this.#core.host.setRunning(this.#core, false);
      const { onError } = this.#core.host.params();
      if (failure && onError) {
        const error = failure;
        observe(() => onError(error, { threadId: this.#core.threadId ?? "" }));
      }
    }
    const { queue, isAwaitingInput, messages } = this.#core.store.getState();
    if (queue.length === 0) return;
    // Only a reply that completed hands the turn on; after any other end the user decides.
    if (failure || signal.aborted || isAwaitingInput) this.#core.set({ queuePaused: true });
    // A call left for its tool UI keeps the turn open: the reply after its answer sends the queue.
    else if (!turnAwaitsToolResults(messages)) this.#core.actions.sendQueued();
  }

  /**
   * Sends `history` to the backend and streams the reply into the thread; or streams the
   * `attached` response of a reply already running on the server.
   */
  async #streamReply(
    history: Message[],
    controller: AbortController,
    intent: RequestIntent,
    attached?: Response,
  ): Promise<ReplyResult> {
    const params = this.#core.host.params();
    const { signal } = controller;
    const agentState = this.#core.store.getState().agentState;
    const applyForgotten = (ids: readonly string[]) => {
      for (const id of ids) this.#core.tree.remove(id);
    };
    let observeEvent: ((event: CrayonStreamEvent) => void) | undefined;
    const continues = continuedMessages(intent, params.streamProtocol);
    // The reply's debug trace, only while the debug channel has a listener.
    const { debug } = this.#core.host;
    let trace: ReplyTrace | undefined;
    // The code that reads the reply loads while its request goes out; the request's failure is
    // the reply's, reported by the reader.
    this.#streaming = true;
    const pipeline = loadReplyPipeline();
    let connection: ReplyConnection | undefined;
    const opening = (async () => {
      const threadId =
        this.#core.threadId ?? (await untilAborted(this.#createThread(history), signal));
      const { onEvent } = params;
      if (onEvent) observeEvent = (event) => observe(() => onEvent(event, { threadId }));
      if (debug?.listening) {
        trace = await (await pipeline).traceReply(debug, history, continues, threadId);
      }
      if (attached) trace?.sent(null);
      const response =
        attached ?? (await this.#request(history, controller, intent, threadId, trace));
      const { replyConnection, defaultProtocol } = await pipeline;
      connection = replyConnection(params, signal, {
        onReconnecting: () => this.#core.set({ isReconnecting: true }),
        onReconnected: () => this.#core.set({ isReconnecting: false }),
        trace,
      });
      const protocol = params.streamProtocol ?? defaultProtocol;
      return protocol.parse(await connection.open(response, threadId));
    })();
    opening.catch(() => {});
    let result: ReplyResult;
    try {
      let readReply: Awaited<typeof pipeline>["readReply"];
      try {
        ({ readReply } = await untilAborted(pipeline, signal));
      } catch (error) {
        // Nothing can read the response: drop the request. The thread shows the error.
        controller.abort();
        throw error;
      }
      result = await readReply({
        history,
        continues,
        agentState,
        signal,
        ...(params.streamBatching && { batching: params.streamBatching }),
        open: () => opening,
        onEvent: (event) => observeEvent?.(event),
        get trace() {
          return trace;
        },
        onUpdate: (update) => {
          applyForgotten(update.forgotten);
          this.#receiving = true;
          this.#core.publish(
            update.messages,
            update.agentState && { agentState: update.agentState.value },
          );
        },
      });
    } finally {
      this.#streaming = false;
    }
    if (connection?.moved && params.loadThread) return this.#replyMoved(history, signal, trace);

    applyForgotten(result.forgotten);
    let messages = result.messages;
    if (this.#pendingHistory) {
      // The reply as stored meanwhile (same ids) is the one streamed here: never shown twice.
      const streamed = new Set(result.reply.map((m) => m.id));
      const stored = this.#pendingHistory.filter((m) => !streamed.has(m.id));
      messages = mergeHistory(stored, messages);
      this.#pendingHistory = undefined;
    }
    this.#core.publish(messages, result.agentState && { agentState: result.agentState.value });
    // `onFinish` sees the messages as the thread shows them (and `onUpdateMessage` saw them).
    const reply = this.#core.notifyUpdated(result.reply);
    this.#finish(reply, result.failure, signal.aborted, result.finalAgentState, trace);
    return result;
  }

  /** Calls the app's `processMessage` for one reply. */
  async #request(
    history: Message[],
    controller: AbortController,
    intent: RequestIntent,
    threadId: string,
    trace: ReplyTrace | undefined,
  ): Promise<Response> {
    const params = this.#core.host.params();
    const { processMessage } = params;
    if (!processMessage) throw new ChatError("invalid_action", "No processMessage is set.");
    const agentState = this.#core.store.getState().agentState;
    const request = chatRequest({ params, history, threadId, controller, agentState, intent });
    trace?.sent(request);
    return untilAborted(processMessage(request), controller.signal);
  }

  /** Reports the end of a reply to `onFinish`, with the messages as the thread shows them. */
  #finish(
    reply: Message[],
    failure: ChatError | null,
    stopped: boolean,
    state: unknown,
    trace?: ReplyTrace,
  ) {
    const { onFinish } = this.#core.host.params();
    const shown = this.#core.store.getState().messages;
    const outcome = replyOutcome(failure, stopped, shown);
    trace?.end(outcome, shown, reply);
    if (onFinish) {
      observe(() =>
        onFinish({ threadId: this.#core.threadId ?? "", messages: shown, reply, outcome, state }),
      );
    }
  }

  /**
   * The reply ended elsewhere while its connection was down (the server no longer runs it):
   * the stored thread, with the finished reply, replaces what was streamed here.
   */
  async #replyMoved(
    history: Message[],
    signal: AbortSignal,
    trace: ReplyTrace | undefined,
  ): Promise<ReplyResult> {
    this.#pendingHistory = undefined;
    this.#core.set({ isReconnecting: false });
    await this.#core.load();
    const { messages, error, agentState } = this.#core.store.getState();
    const before = new Set(history.map((m) => m.id));
    const reply = messages.filter((m) => !before.has(m.id));
    this.#finish(reply, error, signal.aborted, agentState, trace);
    return { messages, forgotten: [], reply, failure: error, finalAgentState: agentState };
  }

  /**
   * Follows a reply still running on the server for this thread, whose history just loaded:
   * `resumeStream` from position 0, streamed as a normal run over the loaded history without
   * the reply as stored so far (the replay builds it again). A failure that may pass (a `503`,
   * a dropped connection) is tried again after each reconnection wait; when every try failed,
   * the stored messages stand. No reply running (null) leaves them too, unless they show the
   * reply still streaming: it ended after they were read, so they are read again (once).
   */
  async attach(threadId: string): Promise<void> {
    const params = this.#core.host.params();
    if (!params.resumeStream || this.#attaching || this.#core.store.getState().isRunning) return;
    const controller = new AbortController();
    this.#attaching = controller;
    let response: Response | null | undefined;
    try {
      response = await runningReply(params, threadId, controller.signal);
    } finally {
      if (this.#attaching === controller) this.#attaching = undefined;
    }
    const last = this.#core.store.getState().messages.at(-1);
    if (response === null && last?.role === "assistant" && last.status === "streaming") {
      // The stored reply says it streams, but none runs: it ended (or its server died) after
      // the history was read. Read it again, once, for how it ended.
      if (this.#reloadedFor !== last.id && this.#core.threadId === threadId) {
        this.#reloadedFor = last.id;
        void this.#core.load();
      }
      return;
    }
    // Every try failed (or none was made): the stored messages stand.
    if (!response) return;
    if (
      !response.ok ||
      controller.signal.aborted ||
      this.#core.store.getState().isRunning ||
      this.#core.threadId !== threadId
    ) {
      response.body?.cancel().catch(() => {});
      return;
    }
    const prepare = () => {
      const { history, running } = withoutRunningReply(this.#core.store.getState().messages);
      for (const message of running) this.#core.tree.remove(message.id);
      return history;
    };
    await this.run(prepare, { trigger: "submit-message" }, response);
  }

  async #createThread(history: Message[]): Promise<string> {
    const first = history.find((m): m is UserMessage => m.role === "user");
    if (!first) throw new ChatError("invalid_action", "A new thread needs a user message.");
    return this.#core.host.createThreadFor(this.#core, first);
  }
}
