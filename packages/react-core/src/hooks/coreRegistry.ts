import type { ThreadListCore } from "../core/threadListCore";
import type { ChatManager, ThreadListManager } from "../types";

// Managers are plain snapshot objects; this maps each one back to the store it came from, so
// selector hooks can subscribe without the public types exposing internals.
const cores = new WeakMap<object, ThreadListCore>();

export function registerCore(manager: ThreadListManager, core: ThreadListCore): void {
  cores.set(manager, core);
}

/** The core behind a manager returned by `useThreadListManager` or `useChat`. */
export function coreOf(source: ChatManager | ThreadListManager): ThreadListCore {
  const manager = "threadListManager" in source ? source.threadListManager : source;
  const core = cores.get(manager);
  if (!core) {
    throw new Error(
      "This thread list manager was not created by useThreadListManager or useChat; " +
        "pass the object those hooks return.",
    );
  }
  return core;
}
