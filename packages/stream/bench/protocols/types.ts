import type { EventSourceMessage } from "eventsource-parser";
import type { StreamProtocolAdapter } from "../../src/adapter";

/** A generated wire stream. */
export type WireStream = {
  bytes: Uint8Array;
  /** SSE messages (or lines) in it: the protocol's own event count. */
  frames: number;
  /** Total characters of text deltas, to check an adapter decoded every one. */
  textLength: number;
};

/** A competing parser: consumes the whole response, resolves with the number of items it produced. */
export type Peer = { name: string; consume(response: Response): Promise<number> };

/** Everything the stream benchmark needs to know about one wire format. */
export type ProtocolBench = {
  /** Short name for the table and `--only`: the adapter's subpath (`adapters/<name>`). */
  name: string;
  /** The adapter factory's export name (for messages). */
  adapterName: string;
  /** Response headers, as the protocol's real servers send them. */
  headers: Record<string, string>;
  /** Builds at least `minBytes` of the protocol's wire format. */
  generate(minBytes: number): WireStream | Promise<WireStream>;
  /** Whether the floor should `JSON.parse` this message's data (true when the protocol sends JSON). */
  isJSON(message: EventSourceMessage): boolean;
  /** Loads the adapter from source; undefined while it is still a placeholder. */
  loadAdapter(): Promise<StreamProtocolAdapter | undefined>;
  peers: Peer[];
  /** Replaces the SSE floor for a format that is not SSE. Resolves with the items produced. */
  floor?: (response: Response) => Promise<number>;
};

/** Calls `factory` if the module exports it as a function; a placeholder yields undefined. */
export function adapterFrom(
  module: Record<string, unknown>,
  exportName: string,
): StreamProtocolAdapter | undefined {
  const factory = module[exportName];
  if (typeof factory !== "function") return undefined;
  try {
    const adapter = (factory as () => StreamProtocolAdapter)();
    return typeof adapter?.parse === "function" ? adapter : undefined;
  } catch {
    return undefined;
  }
}

/** Collects a wire stream as text and counts its UTF-8 bytes as it grows. */
export function wireBuilder() {
  const parts: string[] = [];
  let length = 0;
  let frames = 0;
  let textLength = 0;
  return {
    /** UTF-8 bytes written so far. */
    get length() {
      return length;
    },
    /** Frames written so far. */
    get frames() {
      return frames;
    },
    /** Appends one frame (one SSE message or one line). */
    frame(text: string) {
      parts.push(text);
      length += Buffer.byteLength(text);
      frames++;
    },
    /** Records that `text` was sent as a text delta (for the completeness check). */
    sentText(text: string) {
      textLength += text.length;
    },
    done(): WireStream {
      return { bytes: new TextEncoder().encode(parts.join("")), frames, textLength };
    },
  };
}
