import type { ThreadState, ThreadStatus } from "../../types";

/** A thread with no messages, doing nothing: how every thread starts. */
export function idleThreadState(threadId: string | null): ThreadState {
  return {
    threadId,
    messages: [],
    status: "idle",
    isRunning: false,
    isReconnecting: false,
    isLoadingMessages: false,
    isAwaitingInput: false,
    error: null,
    branches: {},
    agentState: undefined,
    queue: [],
    queuePaused: false,
  };
}

/** The fields a thread's status is derived from. */
export type StatusInputs = Pick<
  ThreadState,
  "isRunning" | "isReconnecting" | "isLoadingMessages" | "isAwaitingInput" | "error"
> & {
  /** A reply is running and its first event has arrived. */
  receiving: boolean;
};

/**
 * The one status of a thread, from its flags: a running reply is `submitted` until its first
 * event and `streaming` after (`reconnecting` while its dropped connection is reopened); then a loading history, a question for the user, an error.
 */
export function threadStatus(state: StatusInputs): ThreadStatus {
  if (state.isRunning && state.isReconnecting) return "reconnecting";
  if (state.isRunning) return state.receiving ? "streaming" : "submitted";
  if (state.isLoadingMessages) return "loading";
  if (state.isAwaitingInput) return "awaiting_input";
  if (state.error) return "error";
  return "idle";
}
