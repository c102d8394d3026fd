import type { ChatManager, UserMessageInput } from "@crayonai/react-core";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { editTaskMessage } from "./viewModel/taskBoard";

/** What activity renderers can do in the console's selected thread. */
export type ConsoleActions = {
  /** A reply is streaming in the selected thread. */
  isRunning: boolean;
  /** Sends a user message (ignored while a reply streams). */
  send: (input: UserMessageInput) => void;
  /**
   * Sends a Workdeck card edit. While a reply streams it is stopped first, and the edit is
   * sent once the thread is idle (Workdeck's "cancel the run, apply the edit" policy).
   */
  editTask: (taskId: string, text: string) => void;
  /** An edit waits for the running reply to stop. */
  isEditQueued: boolean;
};

const ConsoleContext = createContext<ConsoleActions | null>(null);

// Failures are shown by the chat UI (the thread's `error`); nothing to add here.
const ignore = () => {};

/** Gives the activity renderers the selected thread's actions. */
export function ConsoleProvider({ chat, children }: { chat: ChatManager; children: ReactNode }) {
  const thread = chat.threadManager;
  const { isRunning, processMessage, stop } = thread;
  const [queued, setQueued] = useState<UserMessageInput | null>(null);

  useEffect(() => {
    if (queued && !isRunning) {
      setQueued(null);
      processMessage(queued).catch(ignore);
    }
  }, [queued, isRunning, processMessage]);

  const send = useCallback(
    (input: UserMessageInput) => {
      if (!isRunning) processMessage(input).catch(ignore);
    },
    [isRunning, processMessage],
  );

  const editTask = useCallback(
    (taskId: string, text: string) => {
      const message = editTaskMessage(taskId, text);
      if (isRunning) {
        setQueued(message);
        stop();
      } else {
        processMessage(message).catch(ignore);
      }
    },
    [isRunning, processMessage, stop],
  );

  const value = useMemo(
    () => ({ isRunning, send, editTask, isEditQueued: queued !== null }),
    [isRunning, send, editTask, queued],
  );
  return <ConsoleContext.Provider value={value}>{children}</ConsoleContext.Provider>;
}

/** The console's actions; renderers outside a {@link ConsoleProvider} get inert ones. */
export function useConsole(): ConsoleActions {
  return useContext(ConsoleContext) ?? INERT;
}

const INERT: ConsoleActions = {
  isRunning: false,
  send: ignore,
  editTask: ignore,
  isEditQueued: false,
};
