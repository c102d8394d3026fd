import { crayonSSEAdapter } from "@crayonai/stream";

// What reading a reply takes beyond sending it, loaded with `import()` when the first reply
// starts (see `onDemand.ts`): the reader with the message accumulator, the connection that
// reopens a dropped reply, and the stream protocol used when the app names none.

export { replyConnection } from "./replyConnection";
export { readReply } from "./replyReader";

/** The protocol of a chat without `streamProtocol`: Crayon SSE. */
export const defaultProtocol = crayonSSEAdapter();
