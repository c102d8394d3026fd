import type { Message, UserMessage } from "@crayonai/stream";
import type { ChatError } from "./core/chatError";

/** A conversation in the thread list. */
export type Thread = {
  threadId: string;
  title: string;
  createdAt: Date | string | number;
  /** Last activity (a message sent or a reply received); the list is ordered by it. */
  updatedAt?: Date | string | number;
  /** One line of plain text from the last message, shown under the title. */
  preview?: string;
  /** True while a reply streams into this thread (set by Crayon; ignored when persisted). */
  isRunning?: boolean;
};

/**
 * Threads of one recency band ("Today", "Yesterday", "Previous 7 days", …), newest first, as
 * `arrangeThreads` and `useThreadGroups` return them.
 */
export type ThreadGroup = {
  label: string;
  threads: Thread[];
};

/** What `generateTitle` gets: the thread's first exchange and the title made from it. */
export type TitleRequest = {
  threadId: string;
  /** The first user message and the first reply (with any tool messages between). */
  messages: Message[];
  /** The title Crayon made from the first exchange. */
  title: string;
};

/** One page of a paginated thread list. */
export type ThreadListPage = {
  threads: Thread[];
  /** Pass back to `fetchThreadList` for the next page; absent on the last page. */
  nextCursor?: string;
};

/** Persistence of the thread list. Every callback is optional; the default keeps threads in memory. */
export type ThreadListParams = {
  /** Loads threads; receives the cursor of the next page when the previous call returned one. */
  fetchThreadList?: (params?: { cursor?: string }) => Promise<Thread[] | ThreadListPage>;
  /** Persists a new thread when its first message is sent. */
  createThread?: (firstMessage: UserMessage) => Promise<Thread>;
  /** Deletes a thread. */
  deleteThread?: (id: string) => Promise<void>;
  /** Saves a renamed (or otherwise changed) thread. */
  updateThread?: (updated: Thread) => Promise<Thread>;
  /**
   * Titles a new thread after its first reply (e.g. by asking the app's model). What it
   * returns replaces the title made from the first message, unless the server gave the thread
   * a title or the user renamed it meanwhile. Empty or failed: the made title stays.
   */
  generateTitle?: (request: TitleRequest) => string | Promise<string>;
};

/** The state of the thread list. */
export type ThreadListState = {
  /** The loaded threads, ordered by last activity (`updatedAt`, else `createdAt`), newest first. */
  threads: Thread[];
  /** The selected thread, or null for a new, empty thread. */
  selectedThreadId: string | null;
  /** A page of threads is loading. */
  isLoading: boolean;
  /** More threads can be loaded with `loadMore`. */
  hasMore: boolean;
  /** Why the last list action failed, or null. Failed renames and deletes are rolled back. */
  error: ChatError | null;
  /**
   * The text the thread list is searched for (`setQuery`); empty for none. It is kept here so
   * every view of the list shares it; `useThreadGroups` (or `arrangeThreads`) applies it.
   */
  query: string;
};

/** Actions on the thread list. */
export type ThreadListActions = {
  /** Selects a thread (loading its messages if needed). A reply streaming elsewhere goes on. */
  selectThread: (threadId: string) => void;
  /** Selects a new, empty thread; it is created when its first message is sent. */
  switchToNewThread: () => void;
  /** Saves a changed thread (e.g. renamed); optimistic, rolled back on failure. */
  updateThread: (thread: Thread) => Promise<void>;
  /** Renames a thread; optimistic, rolled back on failure. */
  renameThread: (threadId: string, title: string) => Promise<void>;
  /** Deletes a thread, aborting its reply if one streams; optimistic, rolled back on failure. */
  deleteThread: (threadId: string) => Promise<void>;
  /** Reloads the first page of threads. */
  refresh: () => Promise<void>;
  /** Loads the next page, when `hasMore`. */
  loadMore: () => Promise<void>;
  /** Sets `query`, the text the thread list is searched for. */
  setQuery: (query: string) => void;
};

/** The thread list: its state and actions (returned by `useThreadListManager`). */
export type ThreadListManager = ThreadListState & ThreadListActions;
