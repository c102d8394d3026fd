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
   * `boardId` (the board's message id) marks the card for the view to follow its re-run.
   */
  editTask: (taskId: string, text: string, boardId?: string) => void;
  /** An edit waits for the running reply to stop. */
  isEditQueued: boolean;
  /** The edited card whose re-run the view should bring into sight, as `boardId:taskId`. */
  followedTask: string | null;
  /** The view brought the followed card into sight. */
  taskFollowed: () => void;
};

/** The key {@link DemoActions.followedTask} uses for a card of a board. */
export function followKey(boardId: string, taskId: string): string {
  return `${boardId}:${taskId}`;
}

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
  const [followedTask, setFollowedTask] = useState<string | null>(null);
  const taskFollowed = useCallback(() => setFollowedTask(null), []);

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
    (taskId: string, text: string, boardId?: string) => {
      const message = editTaskMessage(taskId, text);
      setFollowedTask(boardId === undefined ? null : followKey(boardId, taskId));
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
    () => ({
      isRunning,
      send,
      editTask,
      isEditQueued: queued !== null,
      followedTask,
      taskFollowed,
    }),
    [isRunning, send, editTask, queued, followedTask, taskFollowed],
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
  followedTask: null,
  taskFollowed: ignore,
};
