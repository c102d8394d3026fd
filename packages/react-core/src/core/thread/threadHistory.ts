import type { Message, MessageFormatConverter } from "@crayonai/stream";
import { validateMessages } from "@crayonai/stream";
import type { LoadedThread } from "../../types";
import { ChatError } from "../chatError";

/** A thread's history as loaded: valid messages, which one ends the active branch, what was wrong. */
export type History = {
  messages: Message[];
  activeLeafId?: string;
  error: ChatError | null;
};

/**
 * Loads a thread's stored messages through the converter. A stored row is untrusted: valid
 * messages are kept, the rest is reported as one `malformed_message` error.
 */
export async function fetchHistory<TExternal>(
  loadThread: (threadId: string) => Promise<TExternal[] | LoadedThread<TExternal>>,
  converter: MessageFormatConverter<TExternal>,
  threadId: string,
): Promise<History> {
  const loaded = await loadThread(threadId);
  // Untrusted: anything but a list or a `{ messages }` reaches validation as "not a list".
  const tree = Array.isArray(loaded) ? undefined : (loaded as LoadedThread<TExternal> | null);
  const rows = tree === undefined ? (loaded as TExternal[]) : tree?.messages;
  const { messages, errors } = validateMessages(converter.fromExternal(rows as TExternal[]));
  const activeLeafId = typeof tree?.activeLeafId === "string" ? tree.activeLeafId : undefined;
  return {
    messages,
    ...(activeLeafId !== undefined && { activeLeafId }),
    error: errors.length ? ChatError.fromMalformedMessages(errors) : null,
  };
}
