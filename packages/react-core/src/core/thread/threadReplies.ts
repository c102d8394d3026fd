import type { CrayonStreamEvent, Message, UserMessage } from "@crayonai/stream";
import type { StoreApi } from "zustand/vanilla";
import type { ThreadActions, ThreadState } from "../../types";
import { ABORTED, abortableSteps, observe } from "../abortable";
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
import type { MessageTree } from "./messageTree";
import type { ThreadCore } from "./threadCore";
import { mergeHistory } from "./threadEdits";
import type { ThreadHost } from "./threadHost";

/** When a stop sent before anything of the reply arrived is sent again. */
const STOP_AGAIN_MS = 1000;

/**
 * The half of a thread's coordinator that runs its replies: running one (its request, its
 * stream, its client tools' round trips), stopping it, and following one still running on the
 * server when the thread loads. {@link ThreadCore} extends it with the store, the tree and
 * loading; a base class rather than a second object, so the reply code reaches them as before
 * (`this.store`, `this.set`) at no cost in the bundle.
 */
export abstract class ThreadReplies {
  abstract readonly store: StoreApi<ThreadState>;
  abstract readonly tree: MessageTree;
  abstract readonly host: ThreadHost<ThreadCore>;
  abstract readonly actions: ThreadActions;
  abstract readonly threadId: string | null;
  abstract set(change: Partial<ThreadState>): void;
  abstract publish(messages: Message[], extra?: Partial<ThreadState>): void;
  abstract notifyUpdated(messages: readonly Message[]): Message[];
  abstract load(): Promise<void>;
  abstract appendToolResult(message: Message): void;

  #abortController: AbortController | undefined;
  /** True while a response is being read into the thread. */
  protected streaming = false;
  /** True once the running reply's first change arrived (status `streaming`, not `submitted`). */
  protected receiving = false;
  /** Replies started in this thread: a stop asked again later must not reach a newer one. */
  #runs = 0;
  /** History that arrived while a reply was streaming; merged in when it ends. */
  protected pendingHistory: Message[] | undefined;
  /** Asking the server for a reply still running there (see {@link attach}), if it is. */
  #attaching: AbortController | undefined;
  /** The last message of a history read again because it showed a reply no longer running. */
  #reloadedFor: string | undefined;

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
    const early = !this.receiving;
    const run = this.#runs;
    this.#abortController.abort();
    const { threadId } = this;
    if (threadId === null) return;
    const params = this.host.params();
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
    this.receiving = false;
    this.set({ isRunning: true, error: null });
    this.host.setRunning(this as unknown as ThreadCore, true);
    let failure: ChatError | null = null;
    try {
      // Synchronous when nothing has to be waited for: a new thread appears in the same tick.
      const prepared = prepare();
      let history = Array.isArray(prepared) ? prepared : await abortableSteps(signal)(prepared);
      for (let roundtrip = 0; ; roundtrip++) {
        const result = await this.#streamReply(
          history,
          controller,
          intent,
          roundtrip === 0 ? attached : undefined,
        );
        failure = result.failure;
        if (failure || signal.aborted) break;
        const params = this.host.params();
        const { maxToolRoundtrips = defaultToolRoundtrips(params.tools) } = params;
        const allAnswered = await answerToolCalls({
          messages: () => this.store.getState().messages,
          reply: result.reply,
          threadId: this.threadId ?? "",
          ...(params.tools && { tools: params.tools }),
          ...(params.onToolCall && { onToolCall: params.onToolCall }),
          onResult: (message) => this.appendToolResult(message),
        });
        if (!allAnswered || roundtrip >= maxToolRoundtrips || signal.aborted) break;
        history = this.store.getState().messages;
        intent = toolResultIntent(history);
      }
    } catch (error) {
      if (error !== ABORTED) failure = ChatError.from("process_failed", error);
    } finally {
      if (this.#abortController === controller) this.#abortController = undefined;
      this.receiving = false;
      this.set({ isRunning: false, isReconnecting: false, error: failure });
      this.host.setRunning(this as unknown as ThreadCore, false);
      const { onError } = this.host.params();
      if (failure && onError) {
        const error = failure;
        observe(() => onError(error, { threadId: this.threadId ?? "" }));
      }
    }
    const { queue, isAwaitingInput, messages } = this.store.getState();
    if (queue.length === 0) return;
    // Only a reply that completed hands the turn on; after any other end the user decides.
    if (failure || signal.aborted || isAwaitingInput) this.set({ queuePaused: true });
    // A call left for its tool UI keeps the turn open: the reply after its answer sends the queue.
    else if (!turnAwaitsToolResults(messages)) this.actions.sendQueued();
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
    const params = this.host.params();
    const { signal } = controller;
    const agentState = this.store.getState().agentState;
    const applyForgotten = (ids: readonly string[]) => {
      for (const id of ids) this.tree.remove(id);
    };
    let observeEvent: ((event: CrayonStreamEvent) => void) | undefined;
    const continues = continuedMessages(intent, params.streamProtocol);
    // The reply's debug trace, only while the debug channel has a listener.
    const { debug } = this.host;
    let trace: ReplyTrace | undefined;
    // The code that reads the reply loads while its request goes out; the request's failure is
    // the reply's, reported by the reader.
    this.streaming = true;
    const pipeline = loadReplyPipeline();
    let connection: ReplyConnection | undefined;
    const opening = (async () => {
      const threadId = this.threadId ?? (await abortableSteps(signal)(this.#createThread(history)));
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
        onReconnecting: () => this.set({ isReconnecting: true }),
        onReconnected: () => this.set({ isReconnecting: false }),
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
        ({ readReply } = await abortableSteps(signal)(pipeline));
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
          this.receiving = true;
          this.publish(
            update.messages,
            update.agentState && { agentState: update.agentState.value },
          );
        },
      });
    } finally {
      this.streaming = false;
    }
    if (connection?.moved && params.loadThread) return this.#replyMoved(history, signal, trace);

    applyForgotten(result.forgotten);
    let messages = result.messages;
    if (this.pendingHistory) {
      // The reply as stored meanwhile (same ids) is the one streamed here: never shown twice.
      const streamed = new Set(result.reply.map((m) => m.id));
      const stored = this.pendingHistory.filter((m) => !streamed.has(m.id));
      messages = mergeHistory(stored, messages);
      this.pendingHistory = undefined;
    }
    this.publish(messages, result.agentState && { agentState: result.agentState.value });
    // `onFinish` sees the messages as the thread shows them (and `onUpdateMessage` saw them).
    const reply = this.notifyUpdated(result.reply);
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
    const params = this.host.params();
    const { processMessage } = params;
    if (!processMessage) throw new ChatError("invalid_action", "No processMessage is set.");
    const agentState = this.store.getState().agentState;
    const request = chatRequest({ params, history, threadId, controller, agentState, intent });
    trace?.sent(request);
    return abortableSteps(controller.signal)(processMessage(request));
  }

  /** Reports the end of a reply to `onFinish`, with the messages as the thread shows them. */
  #finish(
    reply: Message[],
    failure: ChatError | null,
    stopped: boolean,
    state: unknown,
    trace?: ReplyTrace,
  ) {
    const { onFinish } = this.host.params();
    const shown = this.store.getState().messages;
    const outcome = replyOutcome(failure, stopped, shown);
    trace?.end(outcome, shown, reply);
    if (onFinish) {
      observe(() =>
        onFinish({ threadId: this.threadId ?? "", messages: shown, reply, outcome, state }),
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
    this.pendingHistory = undefined;
    this.set({ isReconnecting: false });
    await this.load();
    const { messages, error, agentState } = this.store.getState();
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
    const params = this.host.params();
    if (!params.resumeStream || this.#attaching || this.store.getState().isRunning) return;
    const controller = new AbortController();
    this.#attaching = controller;
    let response: Response | null | undefined;
    try {
      response = await runningReply(params, threadId, controller.signal);
    } finally {
      if (this.#attaching === controller) this.#attaching = undefined;
    }
    const last = this.store.getState().messages.at(-1);
    if (response === null && last?.role === "assistant" && last.status === "streaming") {
      // The stored reply says it streams, but none runs: it ended (or its server died) after
      // the history was read. Read it again, once, for how it ended.
      if (this.#reloadedFor !== last.id && this.threadId === threadId) {
        this.#reloadedFor = last.id;
        void this.load();
      }
      return;
    }
    // Every try failed (or none was made): the stored messages stand.
    if (!response) return;
    if (
      !response.ok ||
      controller.signal.aborted ||
      this.store.getState().isRunning ||
      this.threadId !== threadId
    ) {
      response.body?.cancel().catch(() => {});
      return;
    }
    const prepare = () => {
      const { history, running } = withoutRunningReply(this.store.getState().messages);
      for (const message of running) this.tree.remove(message.id);
      return history;
    };
    await this.run(prepare, { trigger: "submit-message" }, response);
  }

  async #createThread(history: Message[]): Promise<string> {
    const first = history.find((m): m is UserMessage => m.role === "user");
    if (!first) throw new ChatError("invalid_action", "A new thread needs a user message.");
    return this.host.createThreadFor(this as unknown as ThreadCore, first);
  }
}
