import { crayonSSEAdapter } from "@crayonai/stream";
import type * as ReplyTracing from "./replyTracing";

// What reading a reply takes beyond sending it, loaded with `import()` when the first reply
// starts (see `onDemand.ts`): the reader with the message accumulator, the connection that
// reopens a dropped reply, and the stream protocol used when the app names none.

export { replyConnection } from "./replyConnection";
export { readReply } from "./replyReader";

/** The protocol of a chat without `streamProtocol`: Crayon SSE. */
export const defaultProtocol = crayonSSEAdapter();

/**
 * The debug trace of a reply (`replyTracing.ts`, loaded only when a reply starts while the
 * debug channel has a listener: a chat nobody debugs never downloads it); undefined if it
 * cannot be loaded.
 */
export const traceReply = (...args: Parameters<typeof ReplyTracing.replyTracer>) =>
  import("./replyTracing").then(
    (tracing) => tracing.replyTracer(...args),
    () => undefined,
  );
