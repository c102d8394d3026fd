import type { CrayonStreamEvent, Message } from "@crayonai/stream";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { HeldReply, sseBody } from "../src/testing/heldReply";

/** What the test backend receives: the body `processMessage` posts. */
export type ChatRequestBody<TMessage = Message> = { threadId: string; messages: TMessage[] };

type Responder = (request: Request) => Response | Promise<Response>;

const SSE_HEADERS = { "content-type": "text/event-stream" };

/**
 * A chat backend on msw: every POST to `url` takes the next scripted response, in order. A test
 * scripts a complete reply (`reply`), a reply it releases by hand (`hold`, see
 * {@link HeldReply}), or any response (`respond`, e.g. `HttpResponse.error()`). A request with
 * nothing scripted fails the test with status 599.
 *
 * `processMessage` posts `{ threadId, messages }` with real `fetch` and the abort signal, the way
 * an app does.
 */
export function createChatServer(url = "http://crayon.test/api/chat") {
  const queue: Responder[] = [];
  /** Bodies received, in order. */
  const requests: ChatRequestBody<any>[] = [];
  const unscripted: string[] = [];

  const server = setupServer(
    http.post(url, async ({ request }) => {
      requests.push((await request.clone().json()) as ChatRequestBody<any>);
      const next = queue.shift();
      if (!next) {
        unscripted.push(`request #${requests.length}`);
        return HttpResponse.text("No response scripted for this request.", { status: 599 });
      }
      return next(request);
    }),
  );

  return {
    server,
    url,
    requests,
    /** Requests that arrived with nothing scripted for them (should stay empty). */
    unscripted,
    /** Scripts the next response: a stream held open until the test ends it. */
    hold(): HeldReply {
      const stream = new HeldReply();
      queue.push((request) => {
        stream.watch(request.signal);
        return new HttpResponse(stream.body, { headers: SSE_HEADERS });
      });
      return stream;
    },
    /** Scripts the next response: these events, complete, in `chunks` network chunks. */
    reply(events: CrayonStreamEvent[], chunks = 1): void {
      queue.push(() => new HttpResponse(sseBody(events, chunks), { headers: SSE_HEADERS }));
    },
    /** Scripts the next response as anything, e.g. `HttpResponse.error()` or a 500. */
    respond(make: () => Response): void {
      queue.push(make);
    },
    /** How many scripted responses no request has taken yet. */
    get pending(): number {
      return queue.length;
    },
    /** Drops what is scripted and forgets the requests (between tests). */
    reset(): void {
      queue.length = 0;
      requests.length = 0;
      unscripted.length = 0;
    },
    /** A `processMessage` that posts to this backend through real `fetch`. */
    processMessage: ({
      threadId,
      messages,
      abortController,
    }: {
      threadId: string;
      messages: unknown[];
      abortController: AbortController;
    }): Promise<Response> =>
      fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ threadId, messages }),
        signal: abortController.signal,
      }),
  };
}

export type ChatServer = ReturnType<typeof createChatServer>;
