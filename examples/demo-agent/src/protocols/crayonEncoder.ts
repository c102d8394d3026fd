import { crayonSSEResponse } from "@crayonai/stream/server";
import type { ProtocolEncoder } from "./protocolEncoder";

/** Crayon SSE: every event as it is, written by `@crayonai/stream/server`. */
export const crayonEncoder: ProtocolEncoder = (events) => crayonSSEResponse(events);
