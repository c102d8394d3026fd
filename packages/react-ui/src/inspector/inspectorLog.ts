import type { ChatDebugChannel, ChatDebugEvent } from "@crayonai/react-core";

/** One reply as the inspector keeps it: its events, in order. */
export type InspectedReply = {
  replyId: string;
  threadId: string;
  startedAt: number;
  events: ChatDebugEvent[];
  /** Set once the reply ended. */
  outcome?: string;
};

/**
 * The debug channel's events, grouped by reply (the newest `maxReplies` kept), recorded while
 * not paused. Readers are told at most once per `interval` ms, so a streaming reply re-renders
 * the inspector a few times a second, not once per token.
 */
export class InspectorLog {
  replies: InspectedReply[] = [];
  paused = false;
  #version = 0;
  /** The version readers were last told of: a render between two tellings sees no change. */
  #published = 0;
  #listeners = new Set<() => void>();
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly maxReplies: number,
    private readonly interval: number,
  ) {}

  /** Starts recording `channel`; returns the function that stops. */
  attach(channel: ChatDebugChannel): () => void {
    const detach = channel.subscribe((event) => this.#record(event));
    return () => {
      detach();
      clearTimeout(this.#timer);
    };
  }

  #record(event: ChatDebugEvent): void {
    if (this.paused) return;
    let reply = this.replies.at(-1);
    if (event.type === "reply-start" || reply?.replyId !== event.replyId) {
      reply = this.replies.find((r) => r.replyId === event.replyId);
    }
    if (!reply) {
      reply = { replyId: event.replyId, threadId: event.threadId, startedAt: event.at, events: [] };
      this.replies = [...this.replies, reply].slice(-this.maxReplies);
    }
    reply.events.push(event);
    if (event.type === "reply-end") reply.outcome = event.outcome;
    this.#changed(event.type === "reply-start" || event.type === "reply-end");
  }

  /** Tells the readers now (`urgent`) or at the end of the current interval. */
  #changed(urgent: boolean): void {
    this.#version++;
    if (urgent) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
      this.#notify();
    } else {
      this.#timer ??= setTimeout(() => {
        this.#timer = undefined;
        this.#notify();
      }, this.interval);
    }
  }

  #notify(): void {
    this.#published = this.#version;
    for (const listener of this.#listeners) listener();
  }

  setPaused(paused: boolean): void {
    this.paused = paused;
    this.#changed(true);
  }

  clear(): void {
    this.replies = [];
    this.#changed(true);
  }

  /** For `useSyncExternalStore`. */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Changes each time readers are told of new events. */
  getVersion = (): number => this.#published;
}
