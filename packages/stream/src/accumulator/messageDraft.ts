import type { Message, ToolCall } from "../message";

/**
 * The accumulator's working copy of the messages, copy-on-write: objects created (or cloned)
 * since the last snapshot may be changed in place; everything else is shared with a published
 * snapshot and is copied before it changes. So a snapshot is a new array only when something
 * changed, and only the changed messages in it are new objects.
 */
export class MessageDraft {
  private working: Message[];
  private published: Message[];
  private changed = false;
  /** id → position in `working`. */
  private indexById = new Map<string, number>();
  private owned = new WeakSet<object>();
  /** Ids of the messages this response created or changed. */
  readonly touched = new Set<string>();

  constructor(messages: readonly Message[]) {
    this.working = messages.slice();
    this.published = this.working.slice();
    this.reindex();
  }

  private reindex(): void {
    this.indexById = new Map(this.working.map((message, i) => [message.id, i]));
  }

  has(id: string): boolean {
    return this.indexById.has(id);
  }

  find(id: string): Message | undefined {
    const index = this.indexById.get(id);
    return index === undefined ? undefined : this.working[index];
  }

  /** Marks an object created here as changeable in place until the next snapshot. */
  own(value: object): void {
    this.owned.add(value);
  }

  /** Returns a mutable version of the message at `id`, copying it if a snapshot shares it. */
  edit<T extends Message>(id: string): T {
    const index = this.indexById.get(id)!;
    let message = this.working[index]!;
    if (!this.owned.has(message)) {
      message = { ...message };
      if (message.role === "assistant") {
        if (message.toolCalls) message.toolCalls = message.toolCalls.slice();
        if (message.context) message.context = message.context.slice();
        if (message.sources) message.sources = message.sources.slice();
        if (message.files) message.files = message.files.slice();
      }
      this.owned.add(message);
      this.working[index] = message;
    }
    this.changed = true;
    this.touched.add(id);
    return message as T;
  }

  /** Returns a mutable version of `calls[index]` (of a message already being edited). */
  editToolCall(calls: ToolCall[], index: number): ToolCall {
    let call = calls[index]!;
    if (!this.owned.has(call)) {
      call = { ...call, function: { ...call.function } };
      this.owned.add(call);
      calls[index] = call;
    }
    return call;
  }

  add<T extends Message>(message: T): T {
    this.owned.add(message);
    this.indexById.set(message.id, this.working.length);
    this.working.push(message);
    this.changed = true;
    this.touched.add(message.id);
    return message;
  }

  /** Gives the message at `from` the id `to` (a protocol renamed it). */
  rename(from: string, to: string): void {
    const message = this.edit(from);
    const index = this.indexById.get(from)!;
    this.indexById.delete(from);
    this.touched.delete(from);
    message.id = to;
    this.indexById.set(to, index);
    this.touched.add(to);
  }

  /** Replaces every message (a snapshot of the whole list). */
  replaceAll(messages: readonly Message[]): void {
    this.working = messages.slice();
    this.owned = new WeakSet();
    this.reindex();
    this.changed = true;
    for (const message of this.working) this.touched.add(message.id);
  }

  /** The current messages: the same array as last time when nothing changed. */
  snapshot(): Message[] {
    if (this.changed) {
      this.published = this.working.slice();
      this.owned = new WeakSet();
      this.changed = false;
    }
    return this.published;
  }
}
