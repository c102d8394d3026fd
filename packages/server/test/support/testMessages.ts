import type { Message } from "@crayonai/stream";

/** A user message, placed after `parentId` in the tree when given. */
export const userMessage = (id: string, content: string, parentId?: string): Message => ({
  id,
  role: "user",
  content,
  ...(parentId !== undefined && { parentId }),
});

/** An assistant reply, placed after `parentId` in the tree when given. */
export const reply = (id: string, content: string, parentId?: string): Message => ({
  id,
  role: "assistant",
  content,
  ...(parentId !== undefined && { parentId }),
});
