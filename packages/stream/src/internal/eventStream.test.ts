import { describe, expect, it } from "vitest";
import type { CrayonStreamEvent } from "../events";
import { eventStream, type TextDecoderSink } from "./eventStream";

/** A response whose body arrives as one network chunk. */
const oneChunk = (text: string) =>
  new Response(new TextEncoder().encode(text), {
    headers: { "content-type": "text/event-stream" },
  });

/** A sink that emits one text delta per line, and records what it was given. */
function lineSink() {
  const pushes: string[] = [];
  let partial = "";
  const sink: TextDecoderSink = {
    push(text, emit) {
      pushes.push(text);
      const lines = (partial + text).split("\n");
      partial = lines.pop()!;
      for (const line of lines) emit({ type: "text-delta", text: line });
    },
    end(emit) {
      if (partial) emit({ type: "text-delta", text: partial });
    },
  };
  return { sink, pushes, given: () => pushes.join("").length };
}

describe("eventStream", () => {
  it("decodes a huge chunk as its events are read, not all before the first", async () => {
    const lines = Array.from({ length: 40_000 }, (_, i) => `event ${i}`);
    const body = `${lines.join("\n")}\n`;
    const { sink, given } = lineSink();
    const iterator = eventStream(oneChunk(body), sink)[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.value).toEqual({ type: "text-delta", text: "event 0" });
    // 40,000 events arrived together; the first is handed out after a slice of them is decoded.
    expect(given()).toBeLessThan(body.length / 2);
    const rest: CrayonStreamEvent[] = [];
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      rest.push(next.value);
    }
    expect(rest.map((event) => (event as { text: string }).text)).toEqual(lines.slice(1));
    expect(given()).toBe(body.length);
  });

  it("never splits a character's two halves between pushes", async () => {
    // Each emoji is two UTF-16 units; the leading "x" puts them at odd offsets.
    const text = `x${"😀".repeat(100_000)}`;
    const body = `${text}\n`;
    const { sink, pushes } = lineSink();
    const events: CrayonStreamEvent[] = [];
    for await (const event of eventStream(oneChunk(body), sink)) events.push(event);
    expect(pushes.length).toBeGreaterThan(1);
    for (const piece of pushes) {
      const last = piece.charCodeAt(piece.length - 1);
      expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
    }
    expect(events).toEqual([{ type: "text-delta", text }]);
  });
});
