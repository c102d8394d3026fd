import type { CrayonStreamEvent, Message } from "@crayonai/stream";

/** The run a response belongs to (AG-UI needs both ids on its run events). */
export type RunInfo = {
  threadId: string;
  runId: string;
  /** The model the request named: an OpenAI completion names it on every chunk. */
  model?: string;
  /**
   * The thread the reply answers: a Responses stream names the approved call it runs after an
   * approval, which the reply's events give only by id.
   */
  history?: readonly Message[];
  /**
   * The MCP server and tool behind a tool name, for a call the server runs on an MCP server: a
   * Responses stream writes it as an `mcp_call` item of that server.
   */
  mcpTool?: (name: string) => { server: string; tool: string } | undefined;
};

/** Writes a stream of Crayon events as an HTTP response in one wire protocol. */
export type ProtocolEncoder = (events: AsyncIterable<CrayonStreamEvent>, run: RunInfo) => Response;

/**
 * A byte stream that pulls one event at a time from `events` and writes what `encode` makes of
 * it (nothing, or several frames), then what `end` adds. Cancelling the stream (the client went
 * away) calls the source's `return()`, so its `finally` blocks run.
 */
export function encodedEventStream(
  events: AsyncIterable<CrayonStreamEvent>,
  encode: (event: CrayonStreamEvent) => string[],
  end: () => string[] = () => [],
): ReadableStream<Uint8Array> {
  const iterator = events[Symbol.asyncIterator]();
  const bytes = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      // Events that encode to nothing are skipped until there is something to send.
      for (;;) {
        const next = await iterator.next();
        const frames = next.done ? end() : encode(next.value);
        for (const frame of frames) controller.enqueue(bytes.encode(frame));
        if (next.done) return controller.close();
        if (frames.length > 0) return;
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
