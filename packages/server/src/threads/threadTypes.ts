import type { Message } from "@crayonai/stream";

/**
 * A thread as the store returns it and the routes send it (react-core's `Thread`): dates are
 * ISO strings; `updatedAt` is its last activity (the list is ordered by it) and `preview` the
 * text of its last message that has any.
 */
export type StoredThread = {
  threadId: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  preview?: string;
  /** What the app stored with the thread at creation (never sent by the routes). */
  metadata?: Record<string, unknown>;
};

/** One page of a user's threads, most recently active first (react-core's `ThreadListPage`). */
export type ThreadPage = {
  threads: StoredThread[];
  /** Pass back as `cursor` for the next page; absent on the last page. */
  nextCursor?: string;
};

/**
 * A stored message that could not be used as it is: it is left out of what is loaded (or kept
 * repaired, when `validateMessages` could repair it without guessing), and said here, so a bad
 * row never breaks the thread it is in.
 */
export type StoredRowError = {
  code: "malformed_row";
  /** The row's message id. */
  messageId: string;
  /** Where in the message the problem is (empty for the whole message). */
  path: string;
  /** What was wrong and what was done about it. */
  problem: string;
};

/**
 * A thread's messages as react-core's `loadThread` takes them (a `LoadedThread`): every branch,
 * each message with its `parentId`, in the order first saved, and the message the branch shown
 * last ends with; plus what was wrong with stored rows.
 */
export type StoredThreadTree = {
  messages: Message[];
  /** Absent when none was recorded (the client then opens the newest branch). */
  activeLeafId?: string;
  /** Rows left out or repaired; empty when every row was valid. */
  errors: StoredRowError[];
};

/** What a new thread is made of. */
export type NewThread = {
  title: string;
  /** Default: a random UUID. */
  threadId?: string;
  /** Anything JSON the app wants kept with the thread. */
  metadata?: Record<string, unknown>;
  /** Messages saved with it, as a branch (e.g. its first message), in the same transaction. */
  messages?: readonly Message[];
};
