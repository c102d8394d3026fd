import type { CrayonStreamEvent } from "./events";

/**
 * Turns a server's streamed `Response` into {@link CrayonStreamEvent}s.
 *
 * `parse` never throws for anything the server sends: a non-2xx status, a missing body, a
 * malformed event, a truncated stream, a network failure or an abort each become an `error`
 * event (with a {@link StreamErrorCode}), and every event decoded before it is still yielded.
 *
 * @example
 * ```ts
 * for await (const event of crayonSSEAdapter().parse(await fetch("/api/chat"))) {
 *   if (event.type === "text-delta") process.stdout.write(event.text);
 * }
 * ```
 */
export interface StreamProtocolAdapter {
  parse(response: Response): AsyncIterable<CrayonStreamEvent>;
}

export type { StreamErrorCode } from "./events";
