import type { Message, ToolCall } from "../message";

/**
 * The accumulator's working copy of the messages, copy-on-write: objects created (or cloned)
 * since the last snapshot may be changed in place; everything else is shared with a published
 * snapshot and is copied before it changes. So a snapshot is a new array only when something
 * changed, and only the changed messages in it are new objects.
 */
export type MessageDraft = ReturnType<typeof createMessageDraft>;

// A closure, not a class: its state stays in locals, which minify (the accumulator's budget).
export function createMessageDraft(messages: readonly Message[]) {
  let working = messages.slice();
  let published = working.slice();
  let changed = false;
  /** id → position in `working`. */
  let indexById = new Map<string, number>();
  let owned = new WeakSet<object>();
  /** Ids of the messages this response created or changed. */
  const touched = new Set<string>();
  const reindex = () => {
    indexById = new Map(working.map((message, i) => [message.id, i]));
  };
  reindex();

  /** Returns a mutable version of the message at `id`, copying it if a snapshot shares it. */
  const edit = <T extends Message>(id: string): T => {
    const index = indexById.get(id)!;
    let message = working[index]!;
    if (!owned.has(message)) {
      message = { ...message };
      if (message.role === "assistant") {
        if (message.toolCalls) message.toolCalls = message.toolCalls.slice();
        if (message.context) message.context = message.context.slice();
        if (message.sources) message.sources = message.sources.slice();
        if (message.files) message.files = message.files.slice();
      }
      owned.add(message);
      working[index] = message;
    }
    changed = true;
    touched.add(id);
    return message as T;
  };

  return {
    touched,
    edit,
    has: (id: string) => indexById.has(id),
    find(id: string): Message | undefined {
      const index = indexById.get(id);
      return index === undefined ? undefined : working[index];
    },
    /** Marks an object created here as changeable in place until the next snapshot. */
    own: (value: object) => owned.add(value),
    /** Returns a mutable version of `calls[index]` (of a message already being edited). */
    editToolCall(calls: ToolCall[], index: number): ToolCall {
      let call = calls[index]!;
      if (!owned.has(call)) {
        call = { ...call, function: { ...call.function } };
        owned.add(call);
        calls[index] = call;
      }
      return call;
    },
    add<T extends Message>(message: T): T {
      owned.add(message);
      indexById.set(message.id, working.length);
      working.push(message);
      changed = true;
      touched.add(message.id);
      return message;
    },
    /** Gives the message at `from` the id `to` (a protocol renamed it). */
    rename(from: string, to: string): void {
      const message = edit(from);
      const index = indexById.get(from)!;
      indexById.delete(from);
      touched.delete(from);
      message.id = to;
      indexById.set(to, index);
      touched.add(to);
    },
    /** Replaces every message (a snapshot of the whole list). */
    replaceAll(next: readonly Message[]): void {
      working = next.slice();
      owned = new WeakSet();
      reindex();
      changed = true;
      for (const message of working) touched.add(message.id);
    },
    /** The current messages: the same array as last time when nothing changed. */
    snapshot(): Message[] {
      if (changed) {
        published = working.slice();
        owned = new WeakSet();
        changed = false;
      }
      return published;
    },
  };
}
