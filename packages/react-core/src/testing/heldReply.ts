import { encodeCrayonEvent } from "@crayonai/server/sse";
import type { CrayonStreamEvent } from "@crayonai/stream";
import { deferred } from "./deferred";

const SSE_HEADERS = { "content-type": "text/event-stream" };

/**
 * A Crayon SSE reply whose chunks the test releases by hand: it stays open (a reply "in
 * flight") until `end` or `fail`, so a test can switch threads, stop, or send again in the
 * middle of it. Each `send` is one network chunk.
 *
 * @example
 * ```ts
 * const held = new HeldReply();
 * const chat = createChat({ processMessage: async () => held.response });
 * const sending = chat.selectedThread().actions.processMessage("Hi");
 * held.send({ type: "text-delta", text: "Hel" });
 * held.end({ type: "text-delta", text: "lo" });
 * await sending;
 * ```
 */
export class HeldReply {
  readonly body: ReadableStream<Uint8Array>;
  /** The reply as a `Response` (one per held reply: its body can be read once). */
  readonly response: Response;
  /** True once the client aborted the request or cancelled the body. */
  aborted = false;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private done = false;
  private readonly abortSeen = deferred<void>();

  /** `signal`: the request's abort signal, so `aborted` also records a stop. */
  constructor(signal?: AbortSignal) {
    this.body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller;
      },
      cancel: () => this.markAborted(),
    });
    this.response = new Response(this.body, { headers: SSE_HEADERS });
    if (signal) this.watch(signal);
  }

  /** Resolves when the client aborts the request (or cancels the body). */
  get abortedPromise(): Promise<void> {
    return this.abortSeen.promise;
  }

  /** Records the abort of the request this stream answers. */
  watch(signal: AbortSignal): void {
    if (signal.aborted) this.markAborted();
    else signal.addEventListener("abort", () => this.markAborted(), { once: true });
  }

  /** Releases the events as one chunk of Crayon SSE frames. */
  send(...events: CrayonStreamEvent[]): this {
    return this.sendRaw(events.map(encodeCrayonEvent).join(""));
  }

  /** Releases raw text as one chunk. */
  sendRaw(text: string): this {
    if (!this.done) {
      try {
        this.controller.enqueue(new TextEncoder().encode(text));
      } catch {
        // The client went away; nothing is listening.
      }
    }
    return this;
  }

  /** Releases the events, then ends the body. */
  end(...events: CrayonStreamEvent[]): void {
    if (events.length > 0) this.send(...events);
    if (this.done) return;
    this.done = true;
    try {
      this.controller.close();
    } catch {
      // Already cancelled by the client.
    }
  }

  /** Breaks the connection mid-body: the client's read fails (a network error). */
  fail(error: Error = new Error("connection reset")): void {
    if (this.done) return;
    this.done = true;
    this.controller.error(error);
  }

  private markAborted(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.abortSeen.resolve();
  }
}

/** A Crayon SSE body of `events`, delivered in `chunks` network chunks (of about equal size). */
export function sseBody(events: CrayonStreamEvent[], chunks = 1): ReadableStream<Uint8Array> {
  const frames = events.map(encodeCrayonEvent);
  const size = Math.max(1, Math.ceil(frames.length / chunks));
  const parts: string[] = [];
  for (let i = 0; i < frames.length; i += size) parts.push(frames.slice(i, i + size).join(""));
  let next = 0;
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const part = parts[next++];
      if (part === undefined) controller.close();
      else controller.enqueue(encoder.encode(part));
    },
  });
}

/** A Crayon SSE `Response` of `events`, delivered in `chunks` network chunks. */
export function sseResponse(events: CrayonStreamEvent[], chunks = 1): Response {
  return new Response(sseBody(events, chunks), { headers: SSE_HEADERS });
}

/** `count` text deltas that spell `word0 word1 …`. */
export function textDeltas(count: number): CrayonStreamEvent[] {
  return Array.from({ length: count }, (_, i) => ({
    type: "text-delta" as const,
    text: i === 0 ? "word0" : ` word${i}`,
  }));
}
