import type { ChatManager } from "../src/types";
import { createChat } from "../src/vanilla";
import type { ChatServer } from "./chatServer";
import type { ChatProps } from "./renderChat";

/**
 * The engine without React, against the msw backend, with the same handles as `renderChat`:
 * `thread()` and `list()` read the stores as a manager would show them, and `rerender` passes
 * new options as a re-rendered parent would. Like a mounted `useChat`, it loads the thread list
 * at once.
 */
export function driveChat(backend: ChatServer, props: ChatProps = {}) {
  const chat = createChat<any>({
    processMessage: backend.processMessage,
    streamBatching: "microtask",
    ...props,
  });
  void chat.actions.refresh();
  const thread = (): ChatManager["threadManager"] => {
    const selected = chat.selectedThread();
    return { ...selected.store.getState(), ...selected.actions };
  };
  const list = (): ChatManager["threadListManager"] => ({
    ...chat.store.getState(),
    ...chat.actions,
  });
  return { chat, thread, list, rerender: (next: ChatProps) => chat.setOptions(next) };
}
