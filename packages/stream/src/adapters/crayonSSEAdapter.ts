// PLACEHOLDER: replaced by the Crayon SSE adapter implementation.
import type { StreamProtocolAdapter } from "../adapter";

/** Options for {@link crayonSSEAdapter}. */
export type CrayonSSEAdapterOptions = Record<string, never>;

/** Placeholder. */
export function crayonSSEAdapter(_options: CrayonSSEAdapterOptions = {}): StreamProtocolAdapter {
  throw new Error("not implemented");
}
