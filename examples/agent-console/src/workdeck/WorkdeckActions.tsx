import { WORKDECK_EXAMPLES } from "@crayonai/demo-agent/client";
import type { ChatManager } from "@crayonai/react-core";
import { useEffect, useState } from "react";
import { ActionCardView } from "./ActionCardView";
import { NewActionForm } from "./NewActionForm";
import { type LoadedThreads, type LoadThread, useWorkdeckActions } from "./useWorkdeckActions";
import { actionsCountText } from "./workdeckAction";
import "./workdeck.css";

// Failures show in the conversation (the thread's error); nothing to add here.
const ignore = () => {};

/** Props of {@link WorkdeckActions}. */
export type WorkdeckActionsProps = {
  chat: ChatManager;
  /** Reads a thread's stored messages (the chat's `loadThread`). */
  loadThread: LoadThread;
  /** What was loaded on earlier visits; threads that have not changed are not read again. */
  loadedThreads: LoadedThreads;
  /** Shows the chat: an action opened or created, or the user going back. */
  onShowChat: () => void;
};

/**
 * Workdeck's landing page: the user's actions (the chat's Workdeck threads) with their status,
 * progress and last change, and a New action that plans and runs a prompt in a new thread.
 * Opening an action opens its thread, the workspace with its task cards.
 */
export function WorkdeckActions({
  chat,
  loadThread,
  loadedThreads,
  onShowChat,
}: WorkdeckActionsProps) {
  const { actions, isLoading } = useWorkdeckActions(chat, loadThread, loadedThreads);
  const list = chat.threadListManager;
  const { processMessage } = chat.threadManager;
  // The prompt of an action being created: sent once the new, empty thread is selected.
  const [creating, setCreating] = useState<string | null>(null);

  useEffect(() => {
    if (creating === null || list.selectedThreadId !== null) return;
    setCreating(null);
    processMessage(`/workdeck ${creating}`).catch(ignore);
    onShowChat();
  }, [creating, list.selectedThreadId, processMessage, onShowChat]);

  return (
    <section className="console-actions" aria-labelledby="console-actions-heading">
      <header className="console-actions__header">
        <div>
          <h2 id="console-actions-heading" className="console-actions__title">
            Your actions
          </h2>
          <p className="console-actions__intro">
            Workdeck: each action is a prompt planned into task cards that run in parallel. Open one
            to see its cards, logs and outputs; edit a card to restart the run from it.
          </p>
        </div>
        <button
          type="button"
          className="crayon-button crayon-button--secondary"
          onClick={onShowChat}
        >
          Back to chat
        </button>
      </header>
      <NewActionForm
        examples={WORKDECK_EXAMPLES}
        // Creating while the thread list still loads could list the new thread twice.
        disabled={list.isLoading || creating !== null}
        onCreate={(prompt) => {
          list.switchToNewThread();
          setCreating(prompt);
        }}
      />
      <p className="console-actions__count" role="status">
        {isLoading && actions.length === 0 ? "Loading your actions…" : actionsCountText(actions)}
      </p>
      {actions.length > 0 && (
        <ul className="console-action-list" aria-labelledby="console-actions-heading">
          {actions.map((action) => (
            <ActionCardView
              key={action.thread.threadId}
              action={action}
              onOpen={(threadId) => {
                list.selectThread(threadId);
                onShowChat();
              }}
            />
          ))}
        </ul>
      )}
      {/* Older threads are listed a page at a time, as in the chat's thread list. */}
      {list.hasMore && (
        <button
          type="button"
          className="crayon-button crayon-button--secondary console-actions__more"
          disabled={list.isLoading}
          onClick={() => list.loadMore().catch(ignore)}
        >
          {list.isLoading ? "Loading older threads…" : "Look in older threads"}
        </button>
      )}
    </section>
  );
}
