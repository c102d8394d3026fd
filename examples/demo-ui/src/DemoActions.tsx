import type { ChatManager, UserMessageInput } from "@crayonai/react-core";
import type { Message } from "@crayonai/stream";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { editTaskMessage, readTaskBoard } from "./viewModel/taskBoard";

/** How the view follows an edited card's re-run. */
export type FollowRerun = {
  /** The board's message id. */
  boardId: string;
  /** Brings the card into sight; called once, when its re-run starts. */
  reveal: () => void;
};

/** What activity renderers can do in the chat's selected thread. */
export type DemoActions = {
  /** A reply is streaming in the selected thread. */
  isRunning: boolean;
  /** Sends a user message (ignored while a reply streams). */
  send: (input: UserMessageInput) => void;
  /**
   * Sends a Workdeck card edit. While a reply streams it is stopped first, and the edit is
   * sent once the thread is idle (Workdeck's "cancel the run, apply the edit" policy).
   * `follow` brings the card into sight when its re-run starts (its next revision runs).
   */
  editTask: (taskId: string, text: string, follow?: FollowRerun) => void;
  /** An edit waits for the running reply to stop. */
  isEditQueued: boolean;
};

/** Task `taskId` as board `boardId` among `messages` shows it, if there. */
function taskOnBoard(messages: readonly Message[], boardId: string, taskId: string) {
  const board = messages.find((message) => message.id === boardId);
  if (board?.role !== "activity") return undefined;
  // The status as the agent sent it ("running"), whether or not a reply streams.
  return readTaskBoard(board.content, true).tasks.find((task) => task.id === taskId);
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
  const { isRunning, processMessage, stop, messages } = thread;
  const [queued, setQueued] = useState<UserMessageInput | null>(null);
  // The edited card (and the revision it had) whose re-run the view follows.
  const following = useRef<(FollowRerun & { taskId: string; revision: number }) | null>(null);
  // Read when an edit is sent: editTask keeps its identity while a reply streams.
  const latestMessages = useRef(messages);
  latestMessages.current = messages;

  // The card lives on a board of an earlier turn, maybe scrolled out of the list: its re-run is
  // read from the messages, not from the card.
  useEffect(() => {
    const follow = following.current;
    const task = follow && taskOnBoard(messages, follow.boardId, follow.taskId);
    if (!follow || task?.status !== "running" || task.revision <= follow.revision) return;
    following.current = null;
    follow.reveal();
  }, [messages]);

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
    (taskId: string, text: string, follow?: FollowRerun) => {
      const message = editTaskMessage(taskId, text);
      const revision =
        follow && taskOnBoard(latestMessages.current, follow.boardId, taskId)?.revision;
      following.current = follow ? { ...follow, taskId, revision: revision ?? 0 } : null;
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
    }),
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
