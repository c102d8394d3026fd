import { idleThreadState } from "../core/thread/threadStatus";
import type {
  ChatManager,
  ThreadActions,
  ThreadListActions,
  ThreadListManager,
  ThreadListState,
  ThreadManager,
} from "../types";

const resolved = async () => {};
const nothing = () => {};

/**
 * A hand-built `ChatManager`: an idle, empty thread and list whose actions do nothing, with
 * whatever you override (state, or actions such as `vi.fn()` spies). For rendering components
 * in a given state without a backend.
 *
 * @example
 * ```tsx
 * const processMessage = vi.fn(async () => {});
 * render(<Composer chat={fakeChat({ thread: { processMessage } })} />);
 * ```
 */
export function fakeChat(
  overrides: { thread?: Partial<ThreadManager>; list?: Partial<ThreadListManager> } = {},
): ChatManager {
  const threadState = idleThreadState("thread-1");
  const threadActions: ThreadActions = {
    processMessage: resolved,
    sendQueued: nothing,
    editQueued: nothing,
    removeQueued: nothing,
    clearQueue: nothing,
    stop: nothing,
    retry: resolved,
    respond: resolved,
    editMessage: resolved,
    regenerate: resolved,
    switchBranch: nothing,
    addToolResult: resolved,
    appendMessages: nothing,
    updateMessage: nothing,
    deleteMessage: nothing,
    setMessages: nothing,
    setAgentState: nothing,
  };
  const listState: ThreadListState = {
    threads: [],
    selectedThreadId: "thread-1",
    isLoading: false,
    hasMore: false,
    error: null,
    query: "",
  };
  const listActions: ThreadListActions = {
    selectThread: nothing,
    switchToNewThread: nothing,
    updateThread: resolved,
    renameThread: resolved,
    deleteThread: resolved,
    refresh: resolved,
    loadMore: resolved,
    setQuery: nothing,
  };
  return {
    threadManager: { ...threadState, ...threadActions, ...overrides.thread },
    threadListManager: { ...listState, ...listActions, ...overrides.list },
  };
}
