// fast-json-patch ships CommonJS to Node: only its default export is importable everywhere.
import jsonPatch from "fast-json-patch";
import type { CrayonStreamEvent, JsonPatchOperation, StreamErrorEvent } from "../events";
import { createId } from "../ids";
import { isRecord } from "../internal/jsonData";
import type {
  ActivityMessage,
  AssistantMessage,
  AssistantStatus,
  Message,
  ReasoningMessage,
  ToolCall,
  ToolMessage,
} from "../message";
import { validateMessages } from "../validation/validateMessages";
import { eventProblem } from "./eventProblem";

/** Options for {@link createMessageAccumulator}. */
export type MessageAccumulatorOptions = {
  /** The thread's messages before this response; they are never mutated. */
  messages?: readonly Message[];
  /**
   * The agent state before this response; `state-delta` events patch it (it is never mutated).
   */
  state?: unknown;
  /** Makes ids for messages the protocol did not name. Defaults to `crypto.randomUUID()`. */
  generateId?: () => string;
  /**
   * Called when an event cannot be applied as sent: an event whose fields have the wrong types
   * (`malformed_event`; it is not applied at all), a JSON Patch that does not fit the document,
   * or a `messages-snapshot` holding invalid messages (`malformed_message`: repaired messages
   * are applied; one that cannot be kept stops the whole snapshot). The rest of the stream is
   * still applied.
   */
  onError?: (error: StreamErrorEvent) => void;
};

/**
 * Applies {@link CrayonStreamEvent}s to a message list.
 *
 * Built for streaming UIs: each event costs O(1) amortised (text is appended, never copied per
 * delta), and {@link MessageAccumulator.getMessages} returns a new array only when something
 * changed, in which only the changed messages are new objects. Messages that did not change keep
 * their identity, so memoised rows never re-render.
 */
export interface MessageAccumulator {
  /**
   * Applies one event, whole or not at all. Never throws, for any input: an event that is not
   * a valid {@link CrayonStreamEvent} is reported through `onError` and changes nothing.
   */
  apply(event: CrayonStreamEvent): void;
  /**
   * Ends the response: assistant messages still `streaming` become `complete` (or `stopped`
   * when `reason` is `"stopped"`), and reasoning stops thinking. Content is always kept.
   */
  finish(reason?: "complete" | "stopped"): void;
  /** The current messages: the same array as last time when nothing changed. */
  getMessages(): Message[];
  /**
   * The agent state: `options.state` after the `state-snapshot` / `state-delta` events so far
   * (undefined if neither). The same value until one of those events changes it.
   */
  getState(): unknown;
}

/**
 * Creates a {@link MessageAccumulator}: the framework-free reducer that turns a stream of
 * events into messages. `react-core` uses one per response; use it directly on a server or in
 * tests.
 *
 * @example
 * ```ts
 * const acc = createMessageAccumulator({ messages: history });
 * for await (const event of crayonSSEAdapter().parse(response)) acc.apply(event);
 * acc.finish();
 * render(acc.getMessages());
 * ```
 */
export function createMessageAccumulator(
  options: MessageAccumulatorOptions = {},
): MessageAccumulator {
  const generateId = options.generateId ?? createId;
  let working: Message[] = options.messages ? options.messages.slice() : [];
  let published: Message[] = options.messages ? working.slice() : working.slice();
  let changed = false;
  let state: unknown = options.state;

  // id → position in `working`.
  let indexById = new Map<string, number>();
  const reindex = () => {
    indexById = new Map(working.map((message, i) => [message.id, i]));
  };
  reindex();

  // Objects created (or cloned) since the last snapshot may be mutated in place; everything
  // else is shared with a published snapshot and must be copied before it changes.
  let owned = new WeakSet<object>();

  const toolCallOwner = new Map<string, string>();
  const activityByType = new Map<string, string>();
  const touched = new Set<string>();
  let currentAssistant: string | undefined;
  let lastAssistant: string | undefined;
  let currentReasoning: string | undefined;

  const find = (id: string): Message | undefined => {
    const index = indexById.get(id);
    return index === undefined ? undefined : working[index];
  };

  /** Returns a mutable version of the message at `id`, copying it if a snapshot shares it. */
  const edit = <T extends Message>(id: string): T => {
    const index = indexById.get(id)!;
    let message = working[index]!;
    if (!owned.has(message)) {
      message = { ...message };
      if (message.role === "assistant") {
        if (message.toolCalls) message.toolCalls = message.toolCalls.slice();
        if (message.context) message.context = message.context.slice();
        if (message.sources) message.sources = message.sources.slice();
        if (message.files) message.files = message.files.slice();
      }
      owned.add(message);
      working[index] = message;
    }
    changed = true;
    touched.add(id);
    return message as T;
  };

  const add = <T extends Message>(message: T): T => {
    owned.add(message);
    indexById.set(message.id, working.length);
    working.push(message);
    changed = true;
    touched.add(message.id);
    return message;
  };

  // An empty id from the stream is no id: a message always gets a usable one.
  const createAssistant = (id?: string): AssistantMessage => {
    const message = add<AssistantMessage>({
      id: id || generateId(),
      role: "assistant",
      content: "",
      status: "streaming",
    });
    currentAssistant = lastAssistant = message.id;
    return message;
  };

  /**
   * The assistant message an event applies to. Content (text, tool calls) without an id goes to
   * the message being streamed, or starts a new one; annotations (status, errors, sources)
   * may also land on the last message of this response after it ended.
   */
  const targetAssistant = (messageId?: string, annotation = false): AssistantMessage => {
    if (messageId !== undefined) {
      const existing = find(messageId);
      if (existing?.role === "assistant") {
        currentAssistant = lastAssistant = messageId;
        return edit(messageId);
      }
      // An id that names no message (or a non-assistant one) still gets its content.
      return createAssistant(existing ? generateId() : messageId);
    }
    const id = annotation ? (currentAssistant ?? lastAssistant) : currentAssistant;
    return id !== undefined && find(id)?.role === "assistant" ? edit(id) : createAssistant();
  };

  const targetReasoning = (messageId?: string): ReasoningMessage => {
    const id = messageId ?? currentReasoning;
    if (id !== undefined && find(id)?.role === "reasoning") {
      currentReasoning = id;
      return edit(id);
    }
    const created = add<ReasoningMessage>({
      id: id && !find(id) ? id : generateId(),
      role: "reasoning",
      content: "",
      isThinking: true,
    });
    currentReasoning = created.id;
    return created;
  };

  /** Returns a mutable tool call, creating it (and its owner) if the start was never seen. */
  const editToolCall = (toolCallId: string, name = "", parentMessageId?: string): ToolCall => {
    const ownerId = toolCallOwner.get(toolCallId);
    const owner =
      ownerId !== undefined && find(ownerId)
        ? edit<AssistantMessage>(ownerId)
        : targetAssistant(parentMessageId);
    if (!owner.toolCalls) owner.toolCalls = [];
    const calls = owner.toolCalls;
    const index = calls.findIndex((call) => call.id === toolCallId);
    if (index === -1) {
      const call: ToolCall = {
        id: toolCallId,
        type: "function",
        function: { name, arguments: "" },
      };
      owned.add(call);
      calls.push(call);
      toolCallOwner.set(toolCallId, owner.id);
      return call;
    }
    let call = calls[index]!;
    if (!owned.has(call)) {
      call = { ...call, function: { ...call.function } };
      owned.add(call);
      calls[index] = call;
    }
    return call;
  };

  const setStatus = (message: AssistantMessage, status: AssistantStatus) => {
    message.status = status;
    if (status !== "streaming" && currentAssistant === message.id) currentAssistant = undefined;
  };

  const report = (code: "malformed_event" | "malformed_message", error: string) =>
    options.onError?.({ type: "error", code, error });

  /**
   * `document` patched (a copy), or undefined after reporting why when the patch does not fit
   * it or the result does not `fit`.
   */
  const patchDocument = (
    document: unknown,
    patch: JsonPatchOperation[],
    what: string,
    fit: (result: unknown) => boolean = () => true,
  ): { result: any } | undefined => {
    let problem: unknown = "the result is not an object";
    try {
      const result = jsonPatch.applyPatch(document, patch as any, false, false).newDocument;
      if (fit(result)) return { result };
    } catch (error) {
      problem = error instanceof Error ? error.message : error;
    }
    report("malformed_event", `Could not apply the JSON Patch to ${what}: ${problem}`);
  };

  const targetActivity = (activityType: string, messageId?: string): ActivityMessage => {
    const id = messageId ?? activityByType.get(activityType);
    if (id !== undefined && find(id)?.role === "activity") {
      activityByType.set(activityType, id);
      return edit(id);
    }
    const created = add<ActivityMessage>({
      id: id && !find(id) ? id : generateId(),
      role: "activity",
      activityType,
      content: {},
    });
    activityByType.set(activityType, created.id);
    return created;
  };

  const stopThinking = () => {
    for (const id of touched) {
      const message = find(id);
      if (message?.role === "reasoning" && message.isThinking)
        edit<ReasoningMessage>(id).isThinking = false;
    }
    currentReasoning = undefined;
  };

  const apply = (event: CrayonStreamEvent): void => {
    const problem = eventProblem(event);
    if (problem) {
      report("malformed_event", `An event was not applied: ${problem}.`);
      return;
    }
    switch (event.type) {
      case "text-delta": {
        const message = targetAssistant(event.messageId);
        message.content = (message.content ?? "") + event.text;
        return;
      }
      case "message-start": {
        const existing = find(event.messageId);
        if (existing?.role === "assistant") {
          currentAssistant = lastAssistant = event.messageId;
          setStatus(edit(event.messageId), "streaming");
        } else {
          createAssistant(existing ? generateId() : event.messageId);
        }
        return;
      }
      case "message-end": {
        const id = event.messageId ?? currentAssistant;
        const message = id === undefined ? undefined : find(id);
        if (message?.role === "assistant") {
          const editable = edit<AssistantMessage>(message.id);
          if (editable.status === "streaming" || editable.status === undefined) {
            setStatus(editable, "complete");
          }
          if (currentAssistant === message.id) currentAssistant = undefined;
        }
        return;
      }
      case "message-update": {
        const id = currentAssistant ?? lastAssistant;
        if (id === undefined || !event.id || id === event.id || find(event.id)) return;
        const message = edit<AssistantMessage>(id);
        const index = indexById.get(id)!;
        indexById.delete(id);
        touched.delete(id);
        message.id = event.id;
        indexById.set(event.id, index);
        touched.add(event.id);
        for (const [callId, owner] of toolCallOwner) {
          if (owner === id) toolCallOwner.set(callId, event.id);
        }
        if (currentAssistant === id) currentAssistant = event.id;
        if (lastAssistant === id) lastAssistant = event.id;
        return;
      }
      case "context-append": {
        const message = targetAssistant(event.messageId, true);
        message.context = message.context ?? [];
        message.context.push(event.context);
        return;
      }
      case "tool-call-start": {
        const call = editToolCall(event.toolCallId, event.toolCallName, event.parentMessageId);
        if (!call.function.name) call.function.name = event.toolCallName;
        return;
      }
      case "tool-call-args":
        editToolCall(event.toolCallId).function.arguments += event.delta;
        return;
      case "tool-call-end":
        return;
      case "tool-call-result": {
        const existing = event.messageId !== undefined ? find(event.messageId) : undefined;
        if (existing?.role === "tool") {
          const message = edit<ToolMessage>(existing.id);
          message.content = event.content;
          if (event.error !== undefined) message.error = event.error;
        } else {
          const message: ToolMessage = {
            id: event.messageId && !existing ? event.messageId : generateId(),
            role: "tool",
            toolCallId: event.toolCallId,
            content: event.content,
          };
          if (event.error !== undefined) message.error = event.error;
          add(message);
        }
        // Text after a tool result is the assistant's next turn, not more of the last one.
        currentAssistant = undefined;
        return;
      }
      case "tool-approval-request": {
        const call = editToolCall(event.toolCallId);
        call.metadata = { ...call.metadata, approvalId: event.approvalId };
        setStatus(edit<AssistantMessage>(toolCallOwner.get(event.toolCallId)!), "awaiting_input");
        return;
      }
      case "reasoning-start": {
        const message = targetReasoning(event.messageId);
        message.isThinking = true;
        return;
      }
      case "reasoning-delta": {
        const message = targetReasoning(event.messageId);
        message.content += event.text;
        return;
      }
      case "reasoning-end": {
        const message = find(event.messageId);
        if (message?.role === "reasoning")
          edit<ReasoningMessage>(event.messageId).isThinking = false;
        if (currentReasoning === event.messageId) currentReasoning = undefined;
        return;
      }
      case "encrypted-value": {
        if (event.entity === "tool-call") {
          editToolCall(event.entityId).encryptedValue = event.encryptedValue;
        } else if (find(event.entityId)) {
          edit(event.entityId).encryptedValue = event.encryptedValue;
        }
        return;
      }
      case "activity-snapshot": {
        const existingId = event.messageId ?? activityByType.get(event.activityType);
        const exists = existingId !== undefined && find(existingId)?.role === "activity";
        if (exists && event.replace === false) return;
        const message = targetActivity(event.activityType, event.messageId);
        message.activityType = event.activityType;
        message.content = event.content;
        return;
      }
      case "activity-delta": {
        // The new content is worked out before anything changes: a patch that does not fit
        // leaves no trace (not even an empty activity).
        const id = event.messageId ?? activityByType.get(event.activityType);
        const existing = id === undefined ? undefined : find(id);
        let content = existing?.role === "activity" ? existing.content : {};
        if (event.patch) {
          const patched = patchDocument(
            content,
            event.patch,
            `the ${event.activityType} activity`,
            isRecord,
          );
          if (!patched) return;
          content = patched.result;
        }
        if (event.content) content = { ...content, ...event.content };
        targetActivity(event.activityType, event.messageId).content = content;
        return;
      }
      case "messages-snapshot": {
        const { messages, errors } = validateMessages(event.messages);
        const first = errors[0];
        if (first) {
          const kept = messages.length === event.messages.length;
          report(
            "malformed_message",
            `${kept ? "A messages snapshot was repaired" : "A messages snapshot was not applied"}: message ${first.index}${first.path ? ` (${first.path})` : ""}: ${first.message}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ""}.`,
          );
          if (!kept) return;
        }
        working = messages.slice();
        owned = new WeakSet();
        reindex();
        changed = true;
        toolCallOwner.clear();
        for (const message of working) {
          touched.add(message.id);
          if (message.role === "assistant") {
            for (const call of message.toolCalls ?? []) toolCallOwner.set(call.id, message.id);
          }
        }
        if (currentAssistant !== undefined && !indexById.has(currentAssistant))
          currentAssistant = undefined;
        if (lastAssistant !== undefined && !indexById.has(lastAssistant)) lastAssistant = undefined;
        if (currentReasoning !== undefined && !indexById.has(currentReasoning))
          currentReasoning = undefined;
        return;
      }
      case "status-update": {
        setStatus(targetAssistant(event.messageId, true), event.status);
        return;
      }
      case "source": {
        const message = targetAssistant(event.messageId, true);
        message.sources = message.sources ?? [];
        message.sources.push(event.source);
        return;
      }
      case "file": {
        const message = targetAssistant(event.messageId, true);
        message.files = message.files ?? [];
        message.files.push(event.file);
        return;
      }
      case "message-metadata": {
        const message = targetAssistant(event.messageId, true);
        message.metadata = { ...message.metadata, ...event.metadata };
        return;
      }
      case "state-snapshot":
        state = event.snapshot;
        return;
      case "state-delta": {
        const patched = patchDocument(state ?? {}, event.delta, "the agent state");
        if (patched) state = patched.result;
        return;
      }
      case "run-finish": {
        if (event.outcome === "interrupt" || event.outcome === "cancelled") {
          const id = currentAssistant ?? lastAssistant;
          const message = id === undefined ? createAssistant() : edit<AssistantMessage>(id);
          setStatus(message, event.outcome === "interrupt" ? "awaiting_input" : "stopped");
        }
        return;
      }
      case "error": {
        const message = targetAssistant(event.messageId, true);
        if (event.code === "aborted") {
          setStatus(message, "stopped");
        } else {
          message.error = message.error ? `${message.error}\n${event.error}` : event.error;
          setStatus(message, "error");
        }
        stopThinking();
        return;
      }
      case "run-start":
      case "step-start":
      case "step-finish":
      case "custom":
      case "raw":
        return;
      default: {
        // Events from a newer protocol version than this accumulator knows are ignored.
        event satisfies never;
        return;
      }
    }
  };

  return {
    apply,
    finish(reason) {
      if (reason !== "stopped") reason = "complete";
      for (const id of touched) {
        const message = find(id);
        if (
          message?.role === "assistant" &&
          (message.status === "streaming" || message.status === undefined)
        ) {
          setStatus(edit<AssistantMessage>(id), reason);
        }
      }
      stopThinking();
      currentAssistant = undefined;
    },
    getMessages() {
      if (changed) {
        published = working.slice();
        owned = new WeakSet();
        changed = false;
      }
      return published;
    },
    getState: () => state,
  };
}
