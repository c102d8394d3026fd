import type { InputContent, Message } from "@crayonai/stream";
import type { ThreadActions, UserMessageInput } from "../../types";
import { observe } from "../abortable";
import { ChatError } from "../chatError";
import { loadHistoryRevisions } from "../onDemand";
import { toolResultIntent } from "../reply/replyRequest";
import { toolResultMessage } from "../tools/toolResultMessage";
import { createQueueActions, turnAwaitsToolResults } from "./messageQueue";
import { toUserMessage } from "./threadEdits";
import type { ThreadOperations } from "./threadOperations";

/**
 * A thread's actions: each one checks the thread is idle, works out the new history with a
 * pure edit (`threadEdits.ts`, `historyRevisions.ts`), has the core commit it, reports what
 * changed, and runs the reply. The functions are made once per thread, so they keep their
 * identity.
 */
export function createThreadActions(core: ThreadOperations): ThreadActions {
  const messages = () => core.store.getState().messages;
  /** The revising edits, once loaded; idle is checked again: an action may have started meanwhile. */
  const revisions = async () => {
    core.assertIdle();
    const loaded = await loadHistoryRevisions();
    core.assertIdle();
    return loaded;
  };
  const queue = createQueueActions(core, (input) => send(input));

  const send = async (input: UserMessageInput) => {
    if (core.store.getState().isRunning && core.host.params().queue !== false) {
      return queue.enqueue(input);
    }
    core.assertIdle();
    const message = toUserMessage(input);
    const before = messages();
    core.commit([...before, message], { error: null });
    core.notifyUpdated([message]);
    // The history is still loading: send it along rather than only the new message.
    await core.run(() => (core.loading ? core.loading.then(messages) : messages()), {
      trigger: "submit-message",
      messageId: message.id,
    });
    // The thread could not be created, so nothing was sent: take the message back out and
    // reject, so the composer can give the text back for another try.
    const { error } = core.store.getState();
    if (core.threadId === null && error?.code === "create_thread_failed") {
      const kept = new Set(before);
      for (const sent of messages()) if (!kept.has(sent)) core.tree.remove(sent.id);
      core.commit(before);
      throw error;
    }
  };

  /** A new reply to the user message the given reply answers; the old reply stays as a branch. */
  const regenerate = async (messageId?: string) => {
    const { regenerateEdit } = await revisions();
    const { base, replaced, discarded } = regenerateEdit(messages(), messageId);
    if (discarded) core.tree.remove(discarded.id);
    core.commit(base, { error: null });
    await core.run(() => base, {
      trigger: "regenerate-message",
      ...(replaced && { messageId: replaced.id }),
    });
  };

  const edit = async (messageId: string, content: string | InputContent[]) => {
    const { editEdit } = await revisions();
    const { base, edited } = editEdit(messages(), messageId, content);
    core.commit(base, { error: null });
    core.notifyUpdated([edited]);
    await core.run(() => base, { trigger: "submit-message", messageId: edited.id });
  };

  const switchBranch = (messageId: string, index: number) => {
    core.assertIdle();
    if (!core.tree.switchBranch(messageId, index)) {
      throw new ChatError("invalid_action", `Message ${messageId} has no branch ${index}.`);
    }
    const path = core.tree.activePath();
    core.commit(path);
    const { onActiveBranchChange } = core.host.params();
    const leaf = path[path.length - 1];
    const { threadId } = core;
    if (onActiveBranchChange && leaf && threadId !== null) {
      observe(() => onActiveBranchChange({ threadId, activeLeafId: leaf.id }));
    }
  };

  const respond: ThreadActions["respond"] = async (response) => {
    const { respondEdit } = await revisions();
    const { history, resolved, answer } = respondEdit(messages(), response);
    core.commit(history, { error: null });
    core.notifyUpdated([resolved, answer]);
    await core.run(() => history, {
      trigger: "human-response",
      messageId: response.type === "input" ? answer.id : resolved.id,
      response: { response, message: resolved },
    });
  };

  const addToolResult: ThreadActions["addToolResult"] = async (
    toolCallId,
    result,
    options = {},
  ) => {
    core.assertIdle();
    core.appendToolResult(toolResultMessage(toolCallId, result, options.error));
    if (options.continue) {
      const history = messages();
      await core.run(() => history, toolResultIntent(history));
    } else if (!core.store.getState().queuePaused && !turnAwaitsToolResults(messages())) {
      // The last open call is answered and no reply follows: the turn is over.
      queue.sendQueued();
    }
  };

  return {
    processMessage: send,
    sendQueued: queue.sendQueued,
    editQueued: queue.editQueued,
    removeQueued: queue.removeQueued,
    clearQueue: queue.clearQueue,
    stop: () => core.stop(),
    retry: () => regenerate(),
    respond,
    editMessage: edit,
    regenerate,
    switchBranch,
    addToolResult,
    appendMessages: (...added: Message[]) => core.mutate((path) => [...path, ...added]),
    updateMessage: (message) =>
      core.mutate((path) => path.map((m) => (m.id === message.id ? message : m))),
    deleteMessage: (id) => {
      core.assertIdle();
      core.tree.remove(id);
      core.mutate((path) => path.filter((m) => m.id !== id));
    },
    setMessages: (replaced) => core.mutate(() => replaced),
    setAgentState: (next) => {
      const current = core.store.getState().agentState;
      core.set({
        agentState:
          typeof next === "function" ? (next as (state: unknown) => unknown)(current) : next,
      });
    },
  };
}
