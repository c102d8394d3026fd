import { type Chat, createChat, type ThreadStore } from "@crayonai/react-core/vanilla";
import type { Message } from "@crayonai/stream";
import { demoAgentChatParams } from "../client";

// Test support: browser tabs in Node. Each is react-core's engine (the one `useChat` binds to
// React) with the demo agent's client params, so it resumes, reconnects and stops as a browser
// does; its `fetch` goes through the test's proxy and every request it makes is recorded.

/** What a request was for, from its method and path. */
export type RequestKind = "reply" | "resume" | "stop" | "threads";

/** One request a page made. */
export type RequestRecord = {
  kind: RequestKind;
  method: string;
  path: string;
  /** The response's status, or `failed` (no response: refused, reset, the page closed). */
  status: number | "failed";
  /** The thread a reply request's body names. */
  threadId?: string;
  /** When it was sent, in ms on the log's clock ({@link RequestLog.now}). */
  sentAt: number;
  /** From the request to its response's headers (or its failure), in ms. */
  waitMs: number;
  /** The longest time its body went without a chunk (headers to first, between, last to end). */
  longestSilenceMs: number;
};

function kindOf(method: string, path: string): RequestKind {
  if (/\/stream$/.test(path)) return method === "DELETE" ? "stop" : "resume";
  if (/\/api\/(chat|openai)/.test(path)) return "reply";
  return "threads";
}

/** Every request of every page, with the ones still waiting for their response. */
export class RequestLog {
  readonly records: RequestRecord[] = [];
  readonly #waiting = new Set<{ started: number; label: string }>();
  readonly #origin = performance.now();

  /** Ms since the log was made: the clock of {@link RequestRecord.sentAt}. */
  now(): number {
    return performance.now() - this.#origin;
  }

  /**
   * Waits (at most `ms`) until a stop of the thread's reply sent since `since` was answered
   * (`202` or `204`): the page stays open meanwhile, so the client's own retries can go out.
   */
  async stopAnswered(threadId: string, since: number, ms = 12_000): Promise<boolean> {
    const deadline = performance.now() + ms;
    const answered = () =>
      this.records.some(
        (r) =>
          r.kind === "stop" &&
          r.sentAt >= since &&
          r.path.includes(threadId) &&
          typeof r.status === "number" &&
          r.status < 300,
      );
    while (!answered()) {
      if (performance.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return true;
  }

  /** The requests whose path names `threadId`, one line each, for a failure's report. */
  trace(threadId: string): string[] {
    return this.records
      .filter((record) => record.threadId === threadId || record.path.includes(threadId))
      .map(
        (r) =>
          `${(r.sentAt / 1000).toFixed(2)} s ${r.method} ${r.path.replace(threadId, "…")} → ${r.status} in ${Math.round(r.waitMs)} ms (longest silence ${Math.round(r.longestSilenceMs)} ms)`,
      );
  }

  /** The longest wait, counting requests still waiting as waiting until now. */
  longestWait(): { ms: number; label: string } {
    let longest = { ms: 0, label: "none" };
    for (const record of this.records) {
      for (const ms of [record.waitMs, record.longestSilenceMs]) {
        if (ms > longest.ms) longest = { ms, label: `${record.method} ${record.path}` };
      }
    }
    for (const { started, label } of this.#waiting) {
      const ms = performance.now() - started;
      if (ms > longest.ms) longest = { ms, label: `${label} (still waiting)` };
    }
    return longest;
  }

  /** A `fetch` for one page: recorded, and refused (and its requests cut) once `page` aborts. */
  fetchFor(page: AbortSignal): typeof fetch {
    return async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const method = (
        init?.method ?? (input instanceof Request ? input.method : "GET")
      ).toUpperCase();
      const path = url.pathname;
      if (page.aborted) throw new DOMException("The page was closed.", "AbortError");
      const signal = init?.signal ? AbortSignal.any([init.signal, page]) : page;
      const record: RequestRecord = {
        kind: kindOf(method, path),
        method,
        path,
        status: "failed",
        sentAt: this.now(),
        waitMs: 0,
        longestSilenceMs: 0,
      };
      if (record.kind === "reply" && typeof init?.body === "string") {
        const { threadId } = JSON.parse(init.body) as { threadId?: string };
        if (threadId) record.threadId = threadId;
      }
      const waiting = { started: performance.now(), label: `${method} ${path}` };
      this.#waiting.add(waiting);
      this.records.push(record);
      let response: Response;
      try {
        response = await fetch(input, { ...init, signal });
      } finally {
        record.waitMs = performance.now() - waiting.started;
        this.#waiting.delete(waiting);
      }
      record.status = response.status;
      if (!response.body) return response;
      return new Response(timedBody(response.body, record, page), {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    };
  }
}

/** `body`, noting in `record` the longest silence between its chunks (until `page` closes). */
function timedBody(
  body: ReadableStream<Uint8Array>,
  record: RequestRecord,
  page: AbortSignal,
): ReadableStream<Uint8Array> {
  let last = performance.now();
  const note = () => {
    const now = performance.now();
    if (!page.aborted) record.longestSilenceMs = Math.max(record.longestSilenceMs, now - last);
    last = now;
  };
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        note();
        controller.enqueue(chunk);
      },
      flush: note,
    }),
  );
}

/** A browser tab on the demo agent at `baseUrl`: its chat engine, until {@link close}. */
export class ChaosPage {
  readonly chat: Chat<unknown>;
  readonly #closed = new AbortController();

  constructor(baseUrl: string, requests: RequestLog) {
    const fetch = requests.fetchFor(this.#closed.signal);
    this.chat = createChat(demoAgentChatParams({ baseUrl: `${baseUrl}/api`, fetch }));
  }

  /** The tab goes away (a reload, a closed tab): its connections are cut, it sends nothing more. */
  close(): void {
    this.#closed.abort();
  }

  /** The thread as this page shows it. */
  messages(thread: ThreadStore): Message[] {
    return thread.store.getState().messages;
  }
}
