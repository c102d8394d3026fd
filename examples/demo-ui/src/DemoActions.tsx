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

/** What activity renderers can do in the chat's selected thread. */
export type DemoActions = {
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

const DemoActionsContext = createContext<DemoActions | null>(null);

// Failures are shown by the chat UI (the thread's `error`); nothing to add here.
const ignore = () => {};

/** Gives the demo activity renderers the selected thread's actions (send, edit a Workdeck card). */
export function DemoActionsProvider({
  chat,
  children,
}: {
  chat: ChatManager;
  children: ReactNode;
}) {
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
  return <DemoActionsContext.Provider value={value}>{children}</DemoActionsContext.Provider>;
}

/** The chat's actions for activity renderers; renderers outside a {@link DemoActionsProvider} get inert ones. */
export function useDemoActions(): DemoActions {
  return useContext(DemoActionsContext) ?? INERT;
}

const INERT: DemoActions = {
  isRunning: false,
  send: ignore,
  editTask: ignore,
  isEditQueued: false,
};
