/**
 * Deprecated: the Crayon SSE encoder moved to `@crayonai/server/sse`. `@crayonai/stream/server`
 * re-exports it until `@crayonai/stream` 0.9, which removes this subpath, and needs
 * `@crayonai/server` installed (an optional peer dependency, so that browser apps never install
 * a database driver). Change `from "@crayonai/stream/server"` to `from "@crayonai/server/sse"`.
 *
 * @packageDocumentation
 */
import type * as sse from "@crayonai/server/sse";

/**
 * @deprecated Moved: `import { crayonSSEResponse } from "@crayonai/server/sse"`.
 * `@crayonai/stream/server` goes in 0.9.
 */
export declare const crayonSSEResponse: typeof sse.crayonSSEResponse;

/**
 * @deprecated Moved: `import { crayonSSEStream } from "@crayonai/server/sse"`.
 * `@crayonai/stream/server` goes in 0.9.
 */
export declare const crayonSSEStream: typeof sse.crayonSSEStream;

/**
 * @deprecated Moved: `import { encodeCrayonEvent } from "@crayonai/server/sse"`.
 * `@crayonai/stream/server` goes in 0.9.
 */
export declare const encodeCrayonEvent: typeof sse.encodeCrayonEvent;

/**
 * @deprecated Moved: `import type { CrayonSSEResponseInit } from "@crayonai/server/sse"`.
 * `@crayonai/stream/server` goes in 0.9.
 */
export type CrayonSSEResponseInit = sse.CrayonSSEResponseInit;

/**
 * @deprecated Moved: `import type { CrayonSSEStreamOptions } from "@crayonai/server/sse"`.
 * `@crayonai/stream/server` goes in 0.9.
 */
export type CrayonSSEStreamOptions = sse.CrayonSSEStreamOptions;
