import type { ChatDebugChannel } from "../core/debugChannel";
import type { ChatManager, ThreadListManager } from "../types";
import type { Chat } from "../vanilla";
import { engineOf } from "./chatEngine";

/**
 * The debug channel of the engine behind `chat`: a `useChat` result (or a
 * `useThreadListManager` one) or a `createChat` engine. Undefined for a hand-built manager,
 * which has no engine. `ChatInspector` reads it; see `ChatDebugChannel`.
 *
 * @example
 * ```ts
 * const chat = useChat({ ...crayonBackend({ url: "/api/chat" }) });
 * useEffect(() => chatDebugChannel(chat)?.subscribe((event) => console.debug(event)), [chat]);
 * ```
 */
export function chatDebugChannel(
  chat: ChatManager | ThreadListManager | Chat<any>,
): ChatDebugChannel | undefined {
  if ("debug" in chat) return chat.debug;
  return engineOf(chat)?.debug;
}
