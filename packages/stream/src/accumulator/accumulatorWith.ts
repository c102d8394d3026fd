import type { CrayonStreamEvent } from "../events";
import { createId } from "../ids";
import { isRecord } from "../internal/jsonData";
import type {
  ActivityMessage,
  AssistantMessage,
  AssistantStatus,
  ReasoningMessage,
  ToolCall,
  ToolMessage,
} from "../message";
import type { MessageAccumulator, MessageAccumulatorOptions } from "./accumulatorTypes";
import { eventProblem } from "./eventProblem";
import type { BoundPatch, PatchApplier } from "./jsonPatchDocument";
import { lockedMessageIds } from "./lockedMessageIds";
import { createMessageDraft } from "./messageDraft";
import { snapshotMessages } from "./snapshotMessages";

/** The accumulator, with JSON Patches applied by `applyPatch`. */
export function accumulatorWith(
  options: MessageAccumulatorOptions,
  applyPatch: PatchApplier,
): MessageAccumulator {
  const generateId = options.generateId ?? createId;
  const draft = createMessageDraft(options.messages ?? []);
  let agentState: unknown = options.agentState;

  const toolCallOwner = new Map<string, string>();
  const activityByType = new Map<string, string>();
  let currentAssistant: string | undefined;
  let lastAssistant: string | undefined;
  let currentReasoning: string | undefined;
  // When each reasoning message of this response started thinking, to record its duration.
  const now = options.now ?? Date.now;
  const thinkingSince = new Map<string, number>();

  // The draft's functions are closures (no `this`): taken out, they minify to single letters.
  const { find, edit, add, touched } = draft;

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
    thinkingSince.set(created.id, now());
    return created;
  };

  /**
   * Ends a reasoning message's thinking, recording how long it took: the producer's figure when
   * it gives one (finite, not negative), else the time since its start was seen.
   */
  const endThinking = (id: string, given?: number) => {
    const message = edit<ReasoningMessage>(id);
    message.isThinking = false;
    const since = thinkingSince.get(id);
    thinkingSince.delete(id);
    const ms =
      given! >= 0 && given! < Infinity ? given! : since === undefined ? since : now() - since;
    if (ms !== undefined) message.durationMs = Math.max(0, Math.round(ms));
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
      draft.own(call);
      calls.push(call);
      toolCallOwner.set(toolCallId, owner.id);
      return call;
    }
    return draft.editToolCall(calls, index);
  };

  const setStatus = (message: AssistantMessage, status: AssistantStatus) => {
    message.status = status;
    if (status !== "streaming" && currentAssistant === message.id) currentAssistant = undefined;
  };

  const report = (code: "malformed_event" | "malformed_message", error: string) =>
    options.onError?.({ type: "error", code, error });
  const patch: BoundPatch = (document, operations, what, fit) =>
    applyPatch(document, operations, what, report, fit);

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
      if (message?.role === "reasoning" && message.isThinking) endThinking(id);
    }
    currentReasoning = undefined;
  };

  const ownIds = options.continues
    ? lockedMessageIds(options.messages ?? [], options.continues, generateId)
    : undefined;

  const apply = (received: CrayonStreamEvent): void => {
    const problem = eventProblem(received);
    if (problem) {
      report("malformed_event", `An event was not applied: ${problem}.`);
      return;
    }
    const event = ownIds ? ownIds(received) : received;
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
        draft.rename(id, event.id);
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
        // Thinking again after it ended: a new duration. One already thinking when this
        // response began (a reply resumed after a reload) has no start seen here: none is made up.
        if (!message.isThinking) {
          thinkingSince.set(message.id, now());
          delete message.durationMs;
        }
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
        if (message?.role === "reasoning") endThinking(event.messageId, event.durationMs);
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
          const what = `the ${event.activityType} activity`;
          const patched = patch(content, event.patch, what, isRecord);
          if (!patched) return;
          content = patched.result;
        }
        if (event.content) content = { ...content, ...event.content };
        targetActivity(event.activityType, event.messageId).content = content;
        return;
      }
      case "messages-snapshot": {
        const messages = snapshotMessages(event.messages, report, toolCallOwner);
        if (!messages) return;
        draft.replaceAll(messages);
        if (currentAssistant !== undefined && !draft.has(currentAssistant))
          currentAssistant = undefined;
        if (lastAssistant !== undefined && !draft.has(lastAssistant)) lastAssistant = undefined;
        if (currentReasoning !== undefined && !draft.has(currentReasoning))
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
        agentState = event.snapshot;
        return;
      case "state-delta": {
        const patched = patch(agentState ?? {}, event.delta, "the agent state");
        if (patched) agentState = patched.result;
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
    getMessages: () => draft.snapshot(),
    getAgentState: () => agentState,
  };
}
