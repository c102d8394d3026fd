import type { ChatManager, Thread } from "@crayonai/react-core";
import type { Message } from "@crayonai/stream";
import { useEffect, useRef, useState } from "react";
import { loadedMessages } from "./loadedMessages";
import { type WorkdeckAction, workdeckActionOf } from "./workdeckAction";

/** Loads a thread's stored messages: the chat's own `loadThread` (the `useChat` param). */
export type LoadThread = (threadId: string) => Promise<unknown>;

/** A listed action: its thread, and where it stands. */
export type ListedAction = WorkdeckAction & { thread: Thread };

/** What {@link useWorkdeckActions} returns. */
export type WorkdeckActions = {
  /** The thread list's actions, most recently active first. */
  actions: ListedAction[];
  /** The thread list, or a thread's messages, is still loading. */
  isLoading: boolean;
};

/** A thread's messages as last loaded, and the version of the thread they were loaded at. */
type Loaded = { version: string; messages: Message[] };

/**
 * Threads' messages as last loaded, by thread id. The app keeps one for as long as it runs, so
 * opening the landing page again reads only the threads that changed meanwhile.
 */
export type LoadedThreads = Map<string, Loaded>;

/** Changes when the thread has news: a message was added, or its reply started or ended. */
const versionOf = (thread: Thread) =>
  `${String(thread.updatedAt ?? thread.createdAt)}|${thread.isRunning === true}`;

/**
 * The Workdeck actions among the chat's threads (`chat.threadListManager`): a thread is an
 * action when it has a task board or a `/workdeck` prompt. The selected thread is read from its
 * live messages; the others from their stored ones (through `loadThread`), loaded again when the
 * thread list says they changed (`remembered` keeps them between visits).
 */
export function useWorkdeckActions(
  chat: ChatManager,
  loadThread: LoadThread,
  remembered: LoadedThreads,
): WorkdeckActions {
  const { threads, selectedThreadId, isLoading: isListLoading } = chat.threadListManager;
  const { messages, isRunning, isLoadingMessages } = chat.threadManager;
  const [loaded, setLoaded] = useState<ReadonlyMap<string, Loaded>>(() => new Map(remembered));
  // Loads under way, by thread and version: a re-render never starts one twice.
  const inFlight = useRef(new Set<string>());

  useEffect(() => {
    for (const thread of threads) {
      const version = versionOf(thread);
      const request = `${thread.threadId}@${version}`;
      if (loaded.get(thread.threadId)?.version === version || inFlight.current.has(request)) {
        continue;
      }
      inFlight.current.add(request);
      const store = (messages: Message[]) => {
        remembered.set(thread.threadId, { version, messages });
        setLoaded((current) => new Map(current).set(thread.threadId, { version, messages }));
      };
      loadThread(thread.threadId)
        .then((result) => store(loadedMessages(result)))
        // A thread that cannot be read is not listed; the chat says why when it is opened.
        .catch(() => store([]))
        .finally(() => inFlight.current.delete(request));
    }
  }, [threads, loaded, loadThread, remembered]);

  const actions: ListedAction[] = [];
  let waiting = isListLoading;
  for (const thread of threads) {
    const live = thread.threadId === selectedThreadId && !isLoadingMessages;
    const threadMessages = live ? messages : loaded.get(thread.threadId)?.messages;
    if (!threadMessages) {
      waiting = true;
      continue;
    }
    const action = workdeckActionOf(threadMessages, live ? isRunning : thread.isRunning === true);
    if (action) actions.push({ ...action, thread });
  }
  return { actions, isLoading: waiting };
}
