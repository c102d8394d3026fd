import type { Message } from "@crayonai/stream";
import { useMemo } from "react";
import type { ChatManager, UseChatParams } from "../types";
import { useThreadListManager } from "./useThreadListManager";
import { useThreadManager } from "./useThreadManager";

/**
 * Everything a chat needs in one call: threads (in memory unless you pass persistence
 * callbacks), the selected thread's messages, streaming, stop, retry, branching and
 * human-in-the-loop. Threads are created on the first message. The engine underneath is
 * `createChat` from `@crayonai/react-core/vanilla`; this hook creates it once and binds it.
 *
 * @example
 * ```tsx
 * const chat = useChat({
 *   processMessage: ({ threadId, messages, abortController }) =>
 *     fetch("/api/chat", {
 *       method: "POST",
 *       body: JSON.stringify({ threadId, messages }),
 *       signal: abortController.signal,
 *     }),
 * });
 * return <CrayonChat chat={chat} />;
 * ```
 */
export function useChat(params: UseChatParams<Message>): ChatManager;
/** With a `messageConverter`, which decides the backend's message type `TExternal`. */
export function useChat<TExternal>(params: UseChatParams<TExternal>): ChatManager;
export function useChat<TExternal = Message>(params: UseChatParams<TExternal>): ChatManager {
  const threadListManager = useThreadListManager(params);
  const threadManager = useThreadManager({ ...params, threadListManager });
  return useMemo(() => ({ threadListManager, threadManager }), [threadListManager, threadManager]);
}
