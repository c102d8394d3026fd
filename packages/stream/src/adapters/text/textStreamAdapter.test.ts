import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  aiSdkTextResult,
  collect,
  cutsArbitrary,
  failingResponse,
  responseFromChunks,
  splitBytes,
  utf8,
} from "../../../test/streams";
import type { CrayonStreamEvent } from "../../events";
import { textStreamAdapter } from "./textStreamAdapter";

const textOf = (events: CrayonStreamEvent[]) =>
  events.map((e) => (e.type === "text-delta" ? e.text : "")).join("");

describe("textStreamAdapter", () => {
  it("turns every chunk of the body into assistant text, then ends the message", async () => {
    const events = await collect(
      textStreamAdapter().parse(responseFromChunks(["Hello", ", ", "world\n\nbye"])),
    );
    expect(events).toEqual([
      { type: "text-delta", text: "Hello" },
      { type: "text-delta", text: ", " },
      { type: "text-delta", text: "world\n\nbye" },
      { type: "message-end" },
    ]);
  });

  it("reads what the AI SDK's toTextStreamResponse() sends", async () => {
    const response = (await aiSdkTextResult(["Grüße ", "🌍 data: [DONE]"])).toTextStreamResponse();
    expect(response.headers.get("content-type")).toContain("text/plain");
    const events = await collect(textStreamAdapter().parse(response));
    expect(textOf(events)).toBe("Grüße 🌍 data: [DONE]");
    expect(events.at(-1)).toEqual({ type: "message-end" });
  });

  it("keeps multi-byte characters intact however the bytes are split", async () => {
    const text = "a€b😀c — 日本語テキスト ✓ ü\u0301 🏳️‍🌈";
    const bytes = utf8(text);
    await fc.assert(
      fc.asyncProperty(cutsArbitrary(bytes.length), async (cuts) => {
        const events = await collect(
          textStreamAdapter().parse(responseFromChunks(splitBytes(bytes, cuts))),
        );
        expect(textOf(events)).toBe(text);
        expect(events.filter((e) => e.type !== "text-delta")).toEqual([{ type: "message-end" }]);
      }),
    );
  });

  it("passes random bytes through without throwing (invalid UTF-8 becomes U+FFFD)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 200 }), async (bytes) => {
        const events = await collect(textStreamAdapter().parse(responseFromChunks([bytes])));
        expect(textOf(events)).toBe(new TextDecoder().decode(bytes));
      }),
    );
  });

  it("streams a 10 MB body without losing a byte", async () => {
    const big = "x".repeat(10 * 1024 * 1024);
    const events = await collect(textStreamAdapter().parse(responseFromChunks([big])));
    expect(textOf(events).length).toBe(big.length);
  });

  it("reports an empty body as no_body", async () => {
    expect(await collect(textStreamAdapter().parse(responseFromChunks([])))).toEqual([
      { type: "error", code: "no_body", error: "The response has no body." },
    ]);
  });

  it("reports a non-2xx response as http_error", async () => {
    const response = new Response("quota exceeded", { status: 429 });
    const events = await collect(textStreamAdapter().parse(response));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "error", code: "http_error", status: 429 });
    expect((events[0] as { error: string }).error).toContain("quota exceeded");
  });

  it("reports a response without a body as no_body", async () => {
    const events = await collect(textStreamAdapter().parse(new Response(null, { status: 200 })));
    expect(events).toEqual([expect.objectContaining({ type: "error", code: "no_body" })]);
  });

  it("keeps the text received before a dropped connection, then reports it, without message-end", async () => {
    const events = await collect(
      textStreamAdapter().parse(
        failingResponse(["partial ", "answer"], new Error("socket hang up")),
      ),
    );
    expect(textOf(events)).toBe("partial answer");
    expect(events.at(-1)).toMatchObject({ type: "error", code: "network" });
    expect(events.some((e) => e.type === "message-end")).toBe(false);
  });

  it("can be reused: each response is parsed independently", async () => {
    const adapter = textStreamAdapter();
    const first = await collect(adapter.parse(responseFromChunks(["one"])));
    const second = await collect(adapter.parse(responseFromChunks(["two"])));
    expect(textOf(first)).toBe("one");
    expect(textOf(second)).toBe("two");
  });
});
