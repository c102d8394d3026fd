/**
 * `@crayonai/server/sse`: writes the Crayon SSE format (the default protocol of Crayon) from a
 * backend. Only web-standard APIs are used (`ReadableStream`, `TextEncoder`, `Response`), so it
 * runs in Node, Deno, Bun and edge runtimes alike, and in a browser that fakes a backend (tests,
 * stories): this entry loads neither a database driver nor a Node module.
 *
 * @packageDocumentation
 */
import { type CrayonStreamEvent, crayonSSEEventName, type SSEType } from "@crayonai/stream";

/** Options for {@link crayonSSEStream} and {@link crayonSSEResponse}. */
export type CrayonSSEStreamOptions = {
  /**
   * Turns an error thrown by the event source into the text of the final `error` frame, which
   * the user sees. Default: the error's `message`. Map internal errors to something safe to
   * show (and log them) here.
   */
  formatError?: (error: unknown) => string;
};

/** The `init` of {@link crayonSSEResponse}: a `ResponseInit` plus the stream options. */
export type CrayonSSEResponseInit = ResponseInit & CrayonSSEStreamOptions;

const LINE_BREAK = /\r\n|\r|\n/;

/** `data:` lines for `text`; SSE joins them back with `\n`. */
function dataLines(text: string): string {
  if (text.indexOf("\n") === -1 && text.indexOf("\r") === -1) return `data: ${text}\n`;
  return `data: ${text.split(LINE_BREAK).join("\ndata: ")}\n`;
}

/**
 * A frame whose data is raw text, with the event's optional fields in its `id:` field as a JSON
 * object. SSE cannot carry a carriage return in data, so text containing one is also copied
 * into the `id:` object under `textKey` (the `data:` lines still show it, line breaks as `\n`).
 */
function textFrame(
  name: `${SSEType}`,
  text: string,
  textKey: "text" | "error",
  extras: Record<string, unknown> | undefined,
): string {
  if (text.indexOf("\r") !== -1) {
    if (extras === undefined) extras = {};
    extras[textKey] = text;
  }
  return extras === undefined
    ? `event: ${name}\n${dataLines(text)}\n`
    : `event: ${name}\nid: ${JSON.stringify(extras)}\n${dataLines(text)}\n`;
}

function errorExtras(event: Extract<CrayonStreamEvent, { type: "error" }>) {
  // A plain 0.6-style error frame reads back as code `server_error`; anything else says so.
  if (
    event.code === "server_error" &&
    event.status === undefined &&
    event.messageId === undefined
  ) {
    return event.error.indexOf("\r") === -1 ? undefined : { code: event.code };
  }
  const extras: Record<string, unknown> = {};
  if (event.code !== undefined) extras.code = event.code;
  if (event.status !== undefined) extras.status = event.status;
  if (event.messageId !== undefined) extras.messageId = event.messageId;
  return extras;
}

/**
 * Encodes one event as one SSE frame of the Crayon SSE format (ending with the blank line).
 * `crayonSSEAdapter` reads it back as the same event.
 *
 * `text-delta`, `reasoning-delta` and `error` frames carry raw text in `data:`, as
 * `@crayonai/stream` 0.6 wrote them; their optional fields (`messageId`, an error's `code` and
 * `status`) ride in the frame's `id:` field as a JSON object. All other events carry a JSON
 * object of their fields in `data:` (`context-append`: the context value itself, as in 0.6).
 *
 * @throws TypeError for an object that is not a {@link CrayonStreamEvent}, and whatever
 * `JSON.stringify` throws for values JSON cannot hold (a `BigInt`, a cycle).
 *
 * @example
 * ```ts
 * encodeCrayonEvent({ type: "text-delta", text: "Hello" });
 * // "event: text\ndata: Hello\n\n"
 * encodeCrayonEvent({ type: "tool-call-start", toolCallId: "c1", toolCallName: "search" });
 * // 'event: tool_call_start\ndata: {"toolCallId":"c1","toolCallName":"search"}\n\n'
 * ```
 */
export function encodeCrayonEvent(event: CrayonStreamEvent): string {
  // Only names the adapter decodes: an unknown type must fail here, not on the client.
  const name = crayonSSEEventName(event.type);
  if (name === undefined) {
    throw new TypeError(
      `Not a Crayon stream event type: ${String((event as { type?: unknown }).type)}`,
    );
  }
  switch (event.type) {
    case "text-delta":
    case "reasoning-delta":
      return textFrame(
        name,
        event.text,
        "text",
        event.messageId === undefined ? undefined : { messageId: event.messageId },
      );
    case "error":
      return textFrame(name, event.error, "error", errorExtras(event));
    case "context-append": {
      const id =
        event.messageId === undefined
          ? ""
          : `id: ${JSON.stringify({ messageId: event.messageId })}\n`;
      return `event: ${name}\n${id}data: ${JSON.stringify(event.context) ?? "null"}\n\n`;
    }
    default: {
      const { type: _type, ...fields } = event;
      return `event: ${name}\ndata: ${JSON.stringify(fields)}\n\n`;
    }
  }
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/**
 * Streams events as the Crayon SSE format: one frame per event, UTF-8 encoded, pulled from the
 * source only as fast as the client reads. An error thrown by the source (or an event that
 * cannot be encoded) ends the stream with an `error` frame, so the client shows an error
 * instead of a reply that silently stops. Cancelling the stream (the client went away) calls
 * the source's `return()`, which runs its `finally` blocks.
 *
 * @example
 * ```ts
 * async function* reply(): AsyncGenerator<CrayonStreamEvent> {
 *   yield { type: "text-delta", text: "Hello" };
 * }
 * const body = crayonSSEStream(reply());
 * ```
 */
export function crayonSSEStream(
  events: AsyncIterable<CrayonStreamEvent> | Iterable<CrayonStreamEvent>,
  options: CrayonSSEStreamOptions = {},
): ReadableStream<Uint8Array> {
  const formatError = options.formatError ?? errorMessage;
  // Made per stream, not at import: the entry loads where there is no TextEncoder (Jest's jsdom).
  const utf8 = new TextEncoder();
  let iterator: AsyncIterator<CrayonStreamEvent> | Iterator<CrayonStreamEvent> | undefined;

  const failWith = (controller: ReadableStreamDefaultController<Uint8Array>, error: unknown) => {
    let message: string;
    try {
      message = formatError(error);
    } catch {
      message = "The server failed while streaming the response.";
    }
    controller.enqueue(
      utf8.encode(encodeCrayonEvent({ type: "error", error: message, code: "server_error" })),
    );
    controller.close();
  };

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let result: IteratorResult<CrayonStreamEvent>;
      try {
        iterator ??=
          Symbol.asyncIterator in events
            ? events[Symbol.asyncIterator]()
            : (events as Iterable<CrayonStreamEvent>)[Symbol.iterator]();
        result = await iterator.next();
      } catch (error) {
        failWith(controller, error);
        return;
      }
      if (result.done) {
        controller.close();
        return;
      }
      let frame: string;
      try {
        frame = encodeCrayonEvent(result.value);
      } catch (error) {
        // The source is still open: let it clean up before the stream ends.
        try {
          await iterator.return?.();
        } catch {
          // Its cleanup failed too; the error frame below still ends the stream.
        }
        failWith(controller, error);
        return;
      }
      controller.enqueue(utf8.encode(frame));
    },
    async cancel() {
      try {
        await iterator?.return?.();
      } catch {
        // The client is gone; a failing cleanup has no one left to tell.
      }
    },
  });
}

/**
 * A streaming `Response` of the Crayon SSE format, ready to return from a route handler (Next.js,
 * Hono, Remix, a Worker, …). Sets `content-type: text/event-stream`, `cache-control: no-cache`
 * and `x-crayon-stream: v1` unless `init.headers` sets them; the rest of `init` (status, other
 * headers) is passed through. See {@link crayonSSEStream} for how errors and cancellation are
 * handled.
 *
 * @example
 * ```ts
 * export async function POST(request: Request) {
 *   const { messages } = await request.json();
 *   return crayonSSEResponse(runAgent(messages)); // runAgent: AsyncIterable<CrayonStreamEvent>
 * }
 * ```
 */
export function crayonSSEResponse(
  events: AsyncIterable<CrayonStreamEvent> | Iterable<CrayonStreamEvent>,
  init: CrayonSSEResponseInit = {},
): Response {
  const { formatError, ...responseInit } = init;
  const headers = new Headers(responseInit.headers);
  if (!headers.has("content-type")) headers.set("content-type", "text/event-stream");
  if (!headers.has("cache-control")) headers.set("cache-control", "no-cache");
  if (!headers.has("x-crayon-stream")) headers.set("x-crayon-stream", "v1");
  return new Response(crayonSSEStream(events, { formatError }), { ...responseInit, headers });
}
