import type {
  ChatRequest,
  CrayonStreamEvent,
  HttpRequestTrace,
  Message,
  WireFrame,
} from "@crayonai/stream";
import type { ReplyOutcome } from "../types";
import type { ChatErrorCode } from "./chatError";

/** What every {@link ChatDebugEvent} says: which reply of which thread, and when. */
export type ChatDebugEventBase = {
  /** The reply: the request's `runId` (a fresh id for a reply followed after a load). */
  replyId: string;
  /** The thread the reply streams into (empty until a new thread has its id). */
  threadId: string;
  /** When it happened, in milliseconds since the epoch (`Date.now()`). */
  at: number;
};

/** The request of a reply as `processMessage` received it, without its abort controller. */
export type DebugChatRequest = Omit<ChatRequest<unknown>, "abortController" | "traceRequest">;

/** The HTTP response of a reply (or of a resumed connection). */
export type DebugResponse = {
  url: string;
  status: number;
  statusText: string;
  /** Header names in lower case; secrets (`set-cookie`, …) replaced by `"[redacted]"`. */
  headers: Record<string, string>;
};

/**
 * One thing that happened while a reply streamed, as the debug channel of `createChat`
 * reports it. In order, per reply: `reply-start`, `request` (when the backend reports it: the
 * bundled ones do), `response`, then `wire` frames each followed by the `event`s they became,
 * `resume` for each reconnection, `error` when the reply failed, and `reply-end`.
 */
export type ChatDebugEvent = ChatDebugEventBase &
  (
    | {
        type: "reply-start";
        /** The request given to `processMessage`; null for a reply followed after a load. */
        request: DebugChatRequest | null;
        /** The thread's messages before the reply (the history it answers). */
        messages: Message[];
        /** History message ids the reply may extend (a continuation after tool results). */
        continues: string[];
      }
    | {
        type: "request";
        /** The HTTP request as sent; secret headers replaced by `"[redacted]"`. */
        request: HttpRequestTrace;
      }
    | { type: "response"; response: DebugResponse }
    | {
        type: "wire";
        /** A frame of the body as the adapter parsed it (see `observeWire`). */
        frame: WireFrame;
      }
    | {
        type: "event";
        /** A Crayon event the adapter made of the wire, before it is applied. */
        event: CrayonStreamEvent;
      }
    | {
        type: "resume";
        /** The body's characters the client had: the server was asked for the rest. */
        position: number;
        /** 1 for the first reconnection of this reply, then 2, … */
        attempt: number;
        /** The resumed response's status; null when no reply was running any more (204). */
        status: number | null;
        /** Why the attempt failed, when it threw. */
        error?: string;
      }
    | {
        type: "error";
        code: ChatErrorCode;
        message: string;
        /** The event that caused it: an `error` event, or the event the accumulator refused. */
        event?: CrayonStreamEvent;
      }
    | {
        type: "reply-end";
        outcome: ReplyOutcome;
        /** The thread's messages after the reply. */
        messages: Message[];
        /** The messages the reply created or changed. */
        reply: Message[];
      }
  );

/** A {@link ChatDebugEvent} type, e.g. `"wire"`. */
export type ChatDebugEventType = ChatDebugEvent["type"];

/** Receives every {@link ChatDebugEvent} of a chat. */
export type ChatDebugListener = (event: ChatDebugEvent) => void;

/**
 * The debug channel of a chat engine (`chat.debug`): everything the inspector shows. It costs
 * nothing while nobody listens: no event is built, no header copied, no response observed.
 * A listener attached while a reply streams sees the replies that start after it.
 *
 * @example
 * ```ts
 * const chat = createChat({ ...crayonBackend({ url: "/api/chat" }) });
 * const stop = chat.debug.subscribe((event) => console.debug(event.type, event));
 * ```
 */
export interface ChatDebugChannel {
  /** Calls `listener` with every event from now on; returns the function that detaches it. */
  subscribe(listener: ChatDebugListener): () => unknown;
  /** True while at least one listener is attached. */
  readonly listening: boolean;
}

/**
 * The channel's implementation: its listeners. Reporting (`replyTracing.ts`) is loaded with
 * `import()` only when a reply starts while one listens, so a chat pays nothing more.
 */
export class DebugChannel implements ChatDebugChannel {
  readonly listeners = new Set<ChatDebugListener>();

  get listening(): boolean {
    return this.listeners.size > 0;
  }

  subscribe(listener: ChatDebugListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** What one reply reports to the channel (made by `replyTracing.ts`, loaded when needed). */
export type ReplyTrace = {
  /** Reports an event of the reply (its ids and time are filled in). */
  emit(event: DistributiveOmit<ChatDebugEvent, keyof ChatDebugEventBase>): void;
  /** Reports the reply's end: the messages the thread shows, and those of the reply. */
  end(outcome: ReplyOutcome, messages: Message[], reply: Message[]): void;
  /** Starts the reply with the request `processMessage` receives (null: a followed reply). */
  sent(request: ChatRequest<unknown> | null): void;
};

/** `Omit` applied to each member of a union. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
