import type {
  AssistantMessage,
  ChatRequest,
  CrayonStreamEvent,
  HumanResponse,
  InputContent,
  JSONValue,
  Message,
  MessageFormatConverter,
  StreamErrorEvent,
  StreamProtocolAdapter,
  ToolCall,
  ToolMessage,
  UserMessage,
} from "@crayonai/stream";
import { validateMessages } from "@crayonai/stream";
import { createId, createMessageAccumulator } from "@crayonai/stream/accumulator";
import { createStore, type StoreApi } from "zustand/vanilla";
import type {
  ClientTool,
  ReplyOutcome as FinishOutcome,
  ThreadActions,
  ThreadParams,
  ThreadState,
  ToolCallRequest,
  UserMessageInput,
} from "../types";
import { createBatchScheduler, DEFAULT_STREAM_BATCHING } from "./batchScheduler";
import { ChatError } from "./chatError";
import { MessageTree } from "./messageTree";

/** Thread parameters with their defaults filled in. */
export type ResolvedThreadParams = ThreadParams<any> & {
  streamProtocol: StreamProtocolAdapter;
  messageConverter: MessageFormatConverter<any>;
};

/** What a thread needs from the thread list it belongs to. */
export interface ThreadRuntime {
  /** The latest parameters (read at the moment of use, so callbacks are never stale). */
  params(): ResolvedThreadParams;
  /** Persists a new thread for its first message and returns its id (optimistic in the list). */
  createThreadFor(core: ThreadCore, firstMessage: UserMessage): Promise<string>;
  /** Tells the list that a reply started or stopped streaming in this thread. */
  setRunning(core: ThreadCore, running: boolean): void;
}

function lastAwaitingIndex(messages: readonly Message[]): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === "assistant") return message.status === "awaiting_input" ? i : -1;
  }
  return -1;
}

function toUserMessage(input: UserMessageInput): UserMessage {
  const message: UserMessage = { id: createId(), role: "user", content: "" };
  if (typeof input === "string") {
    message.content = input;
    return message;
  }
  message.content = input.content;
  if (input.context) message.context = input.context;
  if (input.isVisuallyHidden) message.isVisuallyHidden = true;
  return message;
}

function parseArgs(call: ToolCall): unknown {
  try {
    return JSON.parse(call.function.arguments || "{}");
  } catch {
    return undefined;
  }
}

function isEmptyFailure(message: Message | undefined): boolean {
  return (
    message?.role === "assistant" &&
    (message.status === "error" || message.status === "stopped") &&
    !message.content &&
    !message.toolCalls?.length
  );
}

/** Thrown by {@link untilAborted} when the signal aborts first. */
const ABORTED = Symbol("aborted");

/**
 * Settles like `promise`, or rejects with {@link ABORTED} as soon as `signal` aborts: a stop
 * ends the reply even when the response (or a callback) does not honour the signal.
 */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.reject(ABORTED);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(ABORTED);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** Whether `promise` is already settled (checked one microtask later). */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  const mark = () => {
    settled = true;
  };
  promise.then(mark, mark);
  await undefined;
  return settled;
}

/** Why a request is made, and what it is about (the parts of `ChatRequest` the action knows). */
type RequestIntent = Pick<ChatRequest, "trigger" | "messageId" | "response">;

/** The intent of a request that sends client tool results back. */
function toolResultIntent(history: readonly Message[]): RequestIntent {
  const last = [...history].reverse().find((m) => m.role === "assistant");
  return { trigger: "tool-result", ...(last && { messageId: last.id }) };
}

/** The declared tools as the backend sees them: definitions without `execute`. */
function toolDefinitions(tools: readonly ClientTool[] | undefined): ChatRequest["tools"] {
  return (tools ?? []).map(({ name, description, parameters }) => ({
    name,
    ...(description !== undefined && { description }),
    ...(parameters !== undefined && { parameters }),
  }));
}

/**
 * Runs an app callback that only observes: a throw is reported (as an uncaught error, so it
 * shows in the console) without breaking the reply.
 */
function observe(callback: () => void): void {
  try {
    callback();
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
}

/** What one streamed reply produced. */
type ReplyOutcome = {
  /** The messages this reply created or changed. */
  reply: Message[];
  failure: ChatError | null;
};

/**
 * One thread's state and actions, framework-free: a zustand vanilla store plus the logic that
 * streams replies into it. It lives as long as its thread list keeps it, independent of React,
 * so a reply keeps streaming into its own thread while the user looks at another one.
 */
export class ThreadCore {
  readonly store: StoreApi<ThreadState>;
  /** Stable action functions (safe to pass to memoised components). */
  readonly actions: ThreadActions;
  /** True once the history is loaded (or known to be empty). */
  loaded: boolean;

  private readonly tree = new MessageTree();
  private abortController: AbortController | undefined;
  private loadGeneration = 0;
  /** The load in flight, if any; a send waits for it so that the history goes with it. */
  private loading: Promise<void> | undefined;
  /** Bumped by every local change, so a load that started earlier does not overwrite it. */
  private version = 0;
  /** True while a response is being read into the thread. */
  private streaming = false;
  /** History that arrived while a reply was streaming; merged in when it ends. */
  private pendingHistory: Message[] | undefined;

  constructor(
    private readonly runtime: ThreadRuntime,
    threadId: string | null,
  ) {
    this.loaded = threadId === null;
    this.store = createStore<ThreadState>()(() => ({
      threadId,
      messages: [],
      isRunning: false,
      isLoadingMessages: false,
      isAwaitingInput: false,
      error: null,
      branches: {},
      agentState: undefined,
    }));
    this.actions = {
      processMessage: (message) => this.send(message),
      stop: () => this.stop(),
      retry: () => this.regenerate(),
      respond: (response) => this.respond(response),
      editMessage: (id, content) => this.edit(id, content),
      regenerate: (id) => this.regenerate(id),
      switchBranch: (id, index) => this.switchBranch(id, index),
      addToolResult: (id, result, options) => this.addToolResult(id, result, options),
      appendMessages: (...messages) => this.mutate((path) => [...path, ...messages]),
      updateMessage: (message) =>
        this.mutate((path) => path.map((m) => (m.id === message.id ? message : m))),
      deleteMessage: (id) => {
        this.assertIdle();
        this.tree.remove(id);
        this.mutate((path) => path.filter((m) => m.id !== id));
      },
      setMessages: (messages) => this.mutate(() => messages),
      setAgentState: (next) => {
        const current = this.store.getState().agentState;
        this.store.setState({
          agentState:
            typeof next === "function" ? (next as (state: unknown) => unknown)(current) : next,
        });
      },
    };
  }

  get threadId(): string | null {
    return this.store.getState().threadId;
  }

  /** Called by the list once the backend assigned the thread's id. */
  setThreadId(threadId: string): void {
    this.store.setState({ threadId });
  }

  /**
   * Aborts the streaming reply, if any. The reply ends at once, even if the response does not
   * honour the abort signal; its partial content is kept and marked `stopped`.
   */
  stop(): void {
    this.abortController?.abort();
  }

  /**
   * Loads the thread's history. A load that is overtaken by a newer one is ignored, and
   * messages added locally since it started (a send) are kept, not wiped.
   */
  load(): Promise<void> {
    const { loadThread, messageConverter } = this.runtime.params();
    const threadId = this.threadId;
    if (threadId === null || !loadThread) {
      this.loaded = true;
      return Promise.resolve();
    }
    const generation = ++this.loadGeneration;
    const version = this.version;
    this.store.setState({ isLoadingMessages: true, error: null });
    const run = async () => {
      try {
        // A stored row is untrusted: valid messages are shown, the rest is reported.
        const { messages: loaded, errors } = validateMessages(
          messageConverter.fromExternal(await loadThread(threadId)),
        );
        if (generation !== this.loadGeneration) return;
        this.loaded = true;
        const error = errors.length ? ChatError.fromMalformedMessages(errors) : null;
        if (this.streaming) {
          this.pendingHistory = loaded;
          this.store.setState({ isLoadingMessages: false, error });
          return;
        }
        const current = this.store.getState().messages;
        const messages = this.version === version ? loaded : mergeHistory(loaded, current);
        this.publish(messages, { isLoadingMessages: false, error });
      } catch (error) {
        if (generation !== this.loadGeneration) return;
        this.store.setState({
          isLoadingMessages: false,
          error: ChatError.from("load_failed", error),
        });
      }
    };
    const loading = run().finally(() => {
      if (this.loading === loading) this.loading = undefined;
    });
    this.loading = loading;
    return loading;
  }

  private publish(messages: Message[], extra?: Partial<ThreadState>): void {
    this.tree.setActivePath(messages);
    this.store.setState({
      messages,
      branches: this.tree.branchesOnActivePath(),
      isAwaitingInput: lastAwaitingIndex(messages) !== -1,
      ...extra,
    });
  }

  private assertIdle(): void {
    if (this.store.getState().isRunning) {
      throw new ChatError("thread_busy", "A reply is still streaming in this thread.");
    }
  }

  /** Applies an edit the app made; what it handed in is checked like any outside data. */
  private mutate(change: (path: Message[]) => Message[]): void {
    this.assertIdle();
    this.version++;
    const { messages, errors } = validateMessages(change(this.store.getState().messages));
    this.publish(
      messages,
      errors.length ? { error: ChatError.fromMalformedMessages(errors) } : undefined,
    );
  }

  private notifyUpdated(messages: readonly Message[]): void {
    const { onUpdateMessage } = this.runtime.params();
    if (!onUpdateMessage) return;
    for (const message of messages) onUpdateMessage({ message });
  }

  private async send(input: UserMessageInput): Promise<void> {
    this.assertIdle();
    const message = toUserMessage(input);
    const before = this.store.getState().messages;
    this.version++;
    this.publish([...before, message], { error: null });
    this.notifyUpdated([message]);
    await this.run(
      () => {
        const latest = () => this.store.getState().messages;
        // The history is still loading: send it along rather than only the new message.
        return this.loading ? this.loading.then(latest) : latest();
      },
      { trigger: "submit-message", messageId: message.id },
    );
    // The thread could not be created, so nothing was sent: take the message back out and
    // reject, so the composer can give the text back for another try.
    const { error } = this.store.getState();
    if (this.threadId === null && error?.code === "create_thread_failed") {
      const kept = new Set(before);
      for (const sent of this.store.getState().messages)
        if (!kept.has(sent)) this.tree.remove(sent.id);
      this.version++;
      this.publish(before);
      throw error;
    }
  }

  /**
   * Streams a reply to the history `prepare` returns, then answers its client-side tool calls
   * and sends them back (up to `maxToolRoundtrips` times). The thread is busy (`isRunning`)
   * from the first moment to the end, so nothing else can interleave.
   */
  private async run(
    prepare: () => Message[] | Promise<Message[]>,
    intent: RequestIntent,
  ): Promise<void> {
    const controller = new AbortController();
    const { signal } = controller;
    this.abortController = controller;
    this.version++;
    this.store.setState({ isRunning: true, error: null });
    this.runtime.setRunning(this, true);
    let failure: ChatError | null = null;
    try {
      // Synchronous when nothing has to be waited for: a new thread appears in the same tick.
      const prepared = prepare();
      let history = Array.isArray(prepared) ? prepared : await untilAborted(prepared, signal);
      for (let roundtrip = 0; ; roundtrip++) {
        const outcome = await this.streamReply(history, controller, intent);
        failure = outcome.failure;
        if (failure || signal.aborted) break;
        const { tools, maxToolRoundtrips = tools?.some((t) => t.execute) ? 5 : 0 } =
          this.runtime.params();
        const allAnswered = await this.answerToolCalls(outcome.reply);
        if (!allAnswered || roundtrip >= maxToolRoundtrips || signal.aborted) break;
        history = this.store.getState().messages;
        intent = toolResultIntent(history);
      }
    } catch (error) {
      if (error !== ABORTED) failure = ChatError.from("process_failed", error);
    } finally {
      if (this.abortController === controller) this.abortController = undefined;
      this.store.setState({ isRunning: false, error: failure });
      this.runtime.setRunning(this, false);
      const { onError } = this.runtime.params();
      if (failure && onError) {
        const error = failure;
        observe(() => onError(error, { threadId: this.threadId ?? "" }));
      }
    }
  }

  /** Sends `history` to the backend and streams the reply into the thread. */
  private async streamReply(
    history: Message[],
    controller: AbortController,
    intent: RequestIntent,
  ): Promise<ReplyOutcome> {
    const params = this.runtime.params();
    const { signal } = controller;
    const batching = params.streamBatching ?? DEFAULT_STREAM_BATCHING;
    const state = this.store.getState().agentState;
    // Error events are applied when the stream ends: one in the middle (a malformed frame) must
    // not split the reply in two, and the reply as a whole is what failed.
    const errors: StreamErrorEvent[] = [];
    const accumulator = createMessageAccumulator({
      messages: history,
      state,
      onError: (error) => errors.push(error),
    });
    let publishedState = state;
    /** The agent state to publish with the messages, when a state event changed it. */
    const stateChange = (): Partial<ThreadState> | undefined => {
      const next = accumulator.getState();
      if (next === publishedState) return undefined;
      publishedState = next;
      return { agentState: next };
    };
    const scheduler = createBatchScheduler(batching);
    // Ids this reply published; one that disappears (renamed by `message-update`, replaced by a
    // `messages-snapshot`) is forgotten rather than left behind as a phantom branch.
    const published = new Set<string>();
    const flush = () => {
      const messages = accumulator.getMessages();
      const current = new Set<string>();
      for (let i = history.length; i < messages.length; i++) current.add(messages[i]!.id);
      for (const id of published) {
        if (!current.has(id)) {
          this.tree.remove(id);
          published.delete(id);
        }
      }
      for (const id of current) published.add(id);
      return messages;
    };
    let failure: ChatError | null = null;
    let iterator: AsyncIterator<CrayonStreamEvent> | undefined;

    this.streaming = true;
    try {
      const threadId = this.threadId ?? (await untilAborted(this.createThread(history), signal));
      const messageId = intent.messageId ?? history[history.length - 1]?.id;
      const request: ChatRequest<unknown> = {
        threadId,
        messages: params.messageConverter.toExternal(history),
        abortController: controller,
        runId: createId(),
        trigger: intent.trigger,
        state,
        tools: toolDefinitions(params.tools),
        ...(messageId !== undefined && { messageId }),
        ...(intent.response && { response: intent.response }),
      };
      const response = await untilAborted(params.processMessage(request), signal);
      const { onEvent } = params;
      const events: AsyncIterator<CrayonStreamEvent> = params.streamProtocol
        .parse(response)
        [Symbol.asyncIterator]();
      iterator = events;
      let next = events.next();
      for (;;) {
        const result = await untilAborted(next, signal);
        if (result.done) {
          iterator = undefined;
          break;
        }
        next = events.next();
        const event = result.value;
        if (onEvent) observe(() => onEvent(event, { threadId }));
        if (event.type === "error") {
          // The stop itself is recorded as `stopped`; an abort error adds nothing.
          if (event.code !== "aborted") errors.push(event);
          continue;
        }
        accumulator.apply(event);
        scheduler.schedule(() => this.publish(flush(), stateChange()));
        if (batching === "microtask" && !(await isSettled(next))) scheduler.idle();
      }
    } catch (error) {
      if (error !== ABORTED && !signal.aborted) {
        failure = ChatError.from("process_failed", error);
        errors.push({ type: "error", error: failure.message });
      }
    } finally {
      scheduler.cancel();
      this.streaming = false;
      // Stop reading (and release the connection) when the reply ended early.
      if (iterator) iterator.return?.()?.catch(() => {});
    }

    for (const error of errors) accumulator.apply(error);
    if (errors[0] && !failure) failure = ChatError.fromStreamEvent(errors[0]);
    accumulator.finish(signal.aborted ? "stopped" : "complete");
    const final = flush();
    const before = new Set<Message>(history);
    const reply = final.filter((message) => !before.has(message));
    let messages = final;
    if (this.pendingHistory) {
      messages = mergeHistory(this.pendingHistory, final);
      this.pendingHistory = undefined;
    }
    this.publish(messages, stateChange());
    this.notifyUpdated(reply);
    const { onFinish } = params;
    if (onFinish) {
      const outcome: FinishOutcome = failure
        ? "error"
        : signal.aborted
          ? "stopped"
          : lastAwaitingIndex(messages) !== -1
            ? "awaiting_input"
            : "complete";
      const finish = { messages, reply, outcome, state: accumulator.getState() };
      observe(() => onFinish({ threadId: this.threadId ?? "", ...finish }));
    }
    return { reply, failure };
  }

  private async createThread(history: Message[]): Promise<string> {
    const first = history.find((m): m is UserMessage => m.role === "user");
    if (!first) throw new ChatError("invalid_action", "A new thread needs a user message.");
    return this.runtime.createThreadFor(this, first);
  }

  /**
   * Answers the reply's tool calls with `onToolCall`. Returns true when there were calls and
   * every one of them got a result (so the conversation can go on).
   */
  private async answerToolCalls(reply: readonly Message[]): Promise<boolean> {
    const { onToolCall, tools = [] } = this.runtime.params();
    const executable = tools.filter((tool) => tool.execute);
    if (!onToolCall && executable.length === 0) return false;
    const answered = new Set(
      this.store
        .getState()
        .messages.filter((m): m is ToolMessage => m.role === "tool")
        .map((m) => m.toolCallId),
    );
    const pending = reply
      .flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []))
      .filter((call) => !answered.has(call.id) && call.metadata?.approvalId === undefined);
    if (pending.length === 0) return false;

    let allAnswered = true;
    for (const call of pending) {
      let result: unknown;
      let error: string | undefined;
      const request: ToolCallRequest = {
        toolCall: call,
        args: parseArgs(call),
        threadId: this.threadId ?? "",
        messages: this.store.getState().messages,
      };
      const tool = executable.find((t) => t.name === call.function.name);
      try {
        if (tool) result = await tool.execute!(request.args, request);
        else if (onToolCall) result = await onToolCall(request);
      } catch (thrown) {
        error = thrown instanceof Error ? thrown.message : String(thrown);
      }
      if (result === undefined && error === undefined) {
        allAnswered = false;
        continue;
      }
      this.appendToolResult(call.id, result, error);
    }
    return allAnswered;
  }

  private appendToolResult(toolCallId: string, result: unknown, error?: string): void {
    const message: ToolMessage = {
      id: createId(),
      role: "tool",
      toolCallId,
      content:
        result === undefined ? "" : typeof result === "string" ? result : JSON.stringify(result),
    };
    if (error !== undefined) message.error = error;
    this.version++;
    this.publish([...this.store.getState().messages, message]);
    this.notifyUpdated([message]);
  }

  private async addToolResult(
    toolCallId: string,
    result: unknown,
    options: { error?: string; continue?: boolean } = {},
  ): Promise<void> {
    this.assertIdle();
    this.appendToolResult(toolCallId, result, options.error);
    if (options.continue) {
      const history = this.store.getState().messages;
      await this.run(() => history, toolResultIntent(history));
    }
  }

  /** Streams a new reply to the user message the given reply answers; the old reply stays as a branch. */
  private async regenerate(messageId?: string): Promise<void> {
    this.assertIdle();
    const path = this.store.getState().messages;
    let end = messageId === undefined ? path.length - 1 : path.findIndex((m) => m.id === messageId);
    while (end >= 0 && path[end]!.role !== "user") end--;
    if (end < 0) throw new ChatError("invalid_action", "There is no user message to reply to.");
    const base = path.slice(0, end + 1);
    // A failed reply with nothing in it is replaced, not kept as a branch.
    const reply = path.slice(end + 1);
    if (reply.length === 1 && isEmptyFailure(reply[0])) this.tree.remove(reply[0]!.id);
    const replaced = reply.find((m) => m.role === "assistant") ?? reply[0];
    this.version++;
    this.publish(base, { error: null });
    await this.run(() => base, {
      trigger: "regenerate-message",
      ...(replaced && { messageId: replaced.id }),
    });
  }

  private async edit(messageId: string, content: string | InputContent[]): Promise<void> {
    this.assertIdle();
    const path = this.store.getState().messages;
    const index = path.findIndex((m) => m.id === messageId);
    const original = path[index];
    if (original?.role !== "user") {
      throw new ChatError(
        "invalid_action",
        "Only a user message on the active branch can be edited.",
      );
    }
    const edited: UserMessage = { ...original, id: createId(), content };
    const base = [...path.slice(0, index), edited];
    this.version++;
    this.publish(base, { error: null });
    this.notifyUpdated([edited]);
    await this.run(() => base, { trigger: "submit-message", messageId: edited.id });
  }

  private switchBranch(messageId: string, index: number): void {
    this.assertIdle();
    if (!this.tree.switchBranch(messageId, index)) {
      throw new ChatError("invalid_action", `Message ${messageId} has no branch ${index}.`);
    }
    this.version++;
    this.publish(this.tree.activePath());
  }

  private async respond(response: HumanResponse): Promise<void> {
    this.assertIdle();
    const path = this.store.getState().messages;
    const index = lastAwaitingIndex(path);
    if (index === -1) throw new ChatError("invalid_action", "No message is waiting for input.");
    const waiting = path[index] as AssistantMessage;
    const resolved: AssistantMessage = { ...waiting, status: "complete" };
    const context: Record<string, JSONValue> = {
      type: "human-response",
      response: response.type,
      messageId: waiting.id,
    };

    if (response.type !== "input") {
      const calls = waiting.toolCalls ?? [];
      const call =
        calls.find((c) => c.id === response.toolCallId) ??
        [...calls].reverse().find((c) => c.metadata?.approvalId !== undefined) ??
        calls[calls.length - 1];
      if (call) {
        const approved = response.type === "approve";
        const metadata: Record<string, unknown> = { ...call.metadata, approved };
        if (response.type === "reject" && response.reason) metadata.reason = response.reason;
        resolved.toolCalls = calls.map((c) => (c === call ? { ...c, metadata } : c));
        context.toolCallId = call.id;
        if (call.metadata?.approvalId !== undefined)
          context.approvalId = String(call.metadata.approvalId);
      }
      if (response.type === "reject" && response.reason) context.reason = response.reason;
    }

    const answer: UserMessage =
      response.type === "input"
        ? { id: createId(), role: "user", content: response.content, context: [context] }
        : {
            id: createId(),
            role: "user",
            isVisuallyHidden: true,
            content:
              response.type === "approve"
                ? "Approved."
                : `Rejected${response.reason ? `: ${response.reason}` : "."}`,
            context: [context],
          };
    const history = [...path.slice(0, index), resolved, ...path.slice(index + 1), answer];
    this.version++;
    this.publish(history, { error: null });
    this.notifyUpdated([resolved, answer]);
    await this.run(() => history, {
      trigger: "human-response",
      messageId: response.type === "input" ? answer.id : resolved.id,
      response: { response, message: resolved },
    });
  }
}

/** Loaded history first, then what was added locally and is not in it. */
function mergeHistory(loaded: readonly Message[], local: readonly Message[]): Message[] {
  const ids = new Set(loaded.map((m) => m.id));
  return [...loaded, ...local.filter((m) => !ids.has(m.id))];
}
