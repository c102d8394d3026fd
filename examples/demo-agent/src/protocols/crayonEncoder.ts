import { crayonSSEResponse } from "@crayonai/server/sse";
import type { ProtocolEncoder } from "./protocolEncoder";

/** Crayon SSE: every event as it is, written by `@crayonai/server/sse`. */
export const crayonEncoder: ProtocolEncoder = (events) => crayonSSEResponse(events);
