import type { AssistantMessage, Message } from "@crayonai/stream";

// Small messages for the pure-edit and tree tests: each one's content is its id.

/** A user message whose content is its id. */
export const user = (id: string): Message => ({ id, role: "user", content: id });

/** A complete assistant reply whose content is its id, with `extra` fields over it. */
export const reply = (id: string, extra: Partial<AssistantMessage> = {}): Message => ({
  id,
  role: "assistant",
  content: id,
  status: "complete",
  ...extra,
});

/** The ids of `messages`, in order. */
export const ids = (messages: readonly Message[]) => messages.map((m) => m.id);
