// Deprecated: `@crayonai/stream/server` re-exports the Crayon SSE encoder, which moved to
// `@crayonai/server/sse`, until `@crayonai/stream` 0.9 (see the declarations beside this file).
export { crayonSSEResponse, crayonSSEStream, encodeCrayonEvent } from "@crayonai/server/sse";
