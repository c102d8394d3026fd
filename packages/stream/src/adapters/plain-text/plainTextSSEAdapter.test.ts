import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  collect,
  cutsArbitrary,
  failingResponse,
  responseFromChunks,
  splitBytes,
  utf8,
} from "../../../test/streams";
import type { CrayonStreamEvent } from "../../events";
import { plainTextSSEAdapter } from "./plainTextSSEAdapter";

const parse = (
  chunks: Array<string | Uint8Array>,
  options?: Parameters<typeof plainTextSSEAdapter>[0],
) => collect(plainTextSSEAdapter(options).parse(responseFromChunks(chunks)));

const textOf = (events: CrayonStreamEvent[]) =>
  events.map((e) => (e.type === "text-delta" ? e.text : "")).join("");

describe("plainTextSSEAdapter", () => {
  it("turns each event's data into assistant text and ends the message at [DONE]", async () => {
    expect(await parse(["data: Hello\n\ndata: , world\n\ndata: [DONE]\n\n"])).toEqual([
      { type: "text-delta", text: "Hello" },
      { type: "text-delta", text: ", world" },
      { type: "message-end" },
    ]);
  });

  it("joins multi-line data with \\n and keeps spaces beyond the one SSE strips", async () => {
    const events = await parse(["data: line one\ndata: line two\n\ndata:  indented\r\n\r\n"]);
    expect(textOf(events)).toBe("line one\nline two indented");
  });

  it("accepts CR, LF and CRLF line endings, comments and ids", async () => {
    const events = await parse([
      ": keep-alive\rid: 1\rdata: a\r\rdata: b\r\n\r\nid: 3\ndata: c\n\n",
    ]);
    expect(textOf(events)).toBe("abc");
  });

  it("ignores anything after [DONE]", async () => {
    const events = await parse(["data: kept\n\ndata: [DONE]\n\ndata: dropped\n\n"]);
    expect(textOf(events)).toBe("kept");
  });

  it("lets the done marker be changed or turned off", async () => {
    expect(
      textOf(await parse(["data: a\n\ndata: <END>\n\ndata: b\n\n"], { doneMarker: "<END>" })),
    ).toBe("a");
    expect(textOf(await parse(["data: a\n\ndata: [DONE]\n\n"], { doneMarker: null }))).toBe(
      "a[DONE]",
    );
  });

  it("treats a body that ends without [DONE] as complete (the marker is optional)", async () => {
    expect(await parse(["data: Hi\n\n"])).toEqual([
      { type: "text-delta", text: "Hi" },
      { type: "message-end" },
    ]);
  });

  it("reports truncated for a body cut in the middle of an event, keeping the text before", async () => {
    expect(await parse(["data: Hi\n\ndata: the"])).toEqual([
      { type: "text-delta", text: "Hi" },
      expect.objectContaining({ type: "error", code: "truncated" }),
    ]);
  });

  it("reads `event: message` as text and ignores other event names", async () => {
    const events = await parse([
      "event: message\ndata: shown\n\nevent: ping\ndata: hidden\n\nevent: metadata\ndata: {}\n\n",
    ]);
    expect(events).toEqual([{ type: "text-delta", text: "shown" }, { type: "message-end" }]);
  });

  it("reports `event: error` as a server_error, keeps the text before it and does not end the message", async () => {
    const events = await parse(["data: partial\n\nevent: error\ndata: Model overloaded\n\n"]);
    expect(events).toEqual([
      { type: "text-delta", text: "partial" },
      { type: "error", code: "server_error", error: "Model overloaded" },
    ]);
  });

  it("gives an error event without data a generic message", async () => {
    const events = await parse(["event: error\ndata:\n\n"]);
    expect(events).toEqual([
      { type: "error", code: "server_error", error: "The server reported an error." },
    ]);
  });

  it("decodes the same text however the bytes are split (UTF-8 and line endings included)", async () => {
    const wire =
      "data: Grüße 👋\r\n\r\n: comment\n\ndata: multi\ndata: line ✓\n\nevent: ping\ndata: x\n\ndata: 日本\rdata: 語\r\rdata: [DONE]\n\n";
    const expected = "Grüße 👋multi\nline ✓日本\n語";
    const bytes = utf8(wire);
    await fc.assert(
      fc.asyncProperty(cutsArbitrary(bytes.length), async (cuts) => {
        const events = await parse(splitBytes(bytes, cuts));
        expect(textOf(events)).toBe(expected);
        expect(events.at(-1)).toEqual({ type: "message-end" });
      }),
    );
  });

  it("never throws on random bytes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), async (bytes) => {
        const events = await parse([bytes]);
        for (const event of events)
          expect(["text-delta", "message-end", "error"]).toContain(event.type);
      }),
    );
  });

  it("delivers a 10 MB single event", async () => {
    const big = "y".repeat(10 * 1024 * 1024);
    const events = await parse([`data: ${big}\n\n`, "data: [DONE]\n\n"]);
    expect(events).toHaveLength(2);
    expect(textOf(events).length).toBe(big.length);
  });

  it("reports non-2xx, a missing body and a dropped connection", async () => {
    const adapter = plainTextSSEAdapter();
    const [http] = await collect(adapter.parse(new Response("nope", { status: 500 })));
    expect(http).toMatchObject({ type: "error", code: "http_error", status: 500 });
    expect(await collect(adapter.parse(new Response(null)))).toEqual([
      expect.objectContaining({ type: "error", code: "no_body" }),
    ]);
    const dropped = await collect(
      adapter.parse(failingResponse(["data: a\n\n"], new Error("reset"))),
    );
    expect(dropped).toEqual([
      { type: "text-delta", text: "a" },
      expect.objectContaining({ type: "error", code: "network" }),
    ]);
  });

  it("reports an empty body as no_body, and produces nothing for one without text", async () => {
    expect(await parse([])).toEqual([expect.objectContaining({ code: "no_body" })]);
    expect(await parse([": only a comment\n\ndata: [DONE]\n\n"])).toEqual([]);
  });
});
