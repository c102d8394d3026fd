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
  /**
   * True when the protocol's reply to a continuation request (after client tool results or an
   * approval) goes on with the message the request names, under its id: the AI SDK does. For
   * any other protocol an id the reply shares with an earlier message is a reused id, and the
   * reply gets a fresh one instead of reopening that finished message. Default `false`.
   */
  readonly continuesMessages?: boolean;
}

export type { StreamErrorCode } from "./events";
