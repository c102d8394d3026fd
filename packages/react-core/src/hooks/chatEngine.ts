import type { ChatManager, ThreadListManager, ThreadManager } from "../types";
import type { Chat, ThreadStore } from "../vanilla";

// Managers are snapshots (state spread with actions). The engine behind one rides on it under
// a symbol that is not enumerable, so spreading a manager never copies it and a hand-built
// manager simply has none.
const ENGINE = Symbol.for("crayon.chatEngine");

/** Attaches the engine (or thread) a manager was made from. */
export function attachEngine<T extends object>(manager: T, engine: Chat<any> | ThreadStore): T {
  Object.defineProperty(manager, ENGINE, { value: engine, enumerable: false });
  return manager;
}

/** The engine behind a manager made by `useThreadListManager` or `useChat`, if any. */
export function engineOf(source: ChatManager | ThreadListManager): Chat<any> | undefined {
  const list = "threadListManager" in source ? source.threadListManager : source;
  return (list as { [ENGINE]?: Chat<any> })[ENGINE];
}

/** The thread store behind a thread manager made by `useThreadManager`, if any. */
export function threadStoreOf(thread: ThreadManager): ThreadStore | undefined {
  return (thread as { [ENGINE]?: ThreadStore })[ENGINE];
}
