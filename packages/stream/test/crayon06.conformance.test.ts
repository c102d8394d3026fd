// Conformance with @crayonai/stream 0.6.4, the published release whose servers and encoders
// are in use: whatever they write, the 0.7 Crayon SSE adapter must read, and the encoder (now
// `@crayonai/server/sse`) must write the shared events exactly as 0.6 did.

import { encodeCrayonEvent } from "@crayonai/server/sse";
import {
  ContextUpdate,
  crayonStream,
  MessageUpdate,
  ResponseTemplate,
  ResponseTemplatePropsChunk,
  TextChunk,
  Error as V06Error,
} from "crayon-stream-v06";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { crayonSSEAdapter } from "../src/adapters/crayon/crayonSSEAdapter";
import type { CrayonStreamEvent } from "../src/events";
import type { JSONValue } from "../src/message";
import { collect, expectSameEventsForAnySplit, responseFromChunks, utf8 } from "./streams";

function templateIds() {
  let n = 0;
  return () => `tpl_${++n}`;
}

function parse(chunks: ReadonlyArray<string | Uint8Array>): Promise<CrayonStreamEvent[]> {
  return collect(
    crayonSSEAdapter({ generateTemplateId: templateIds() }).parse(responseFromChunks(chunks)),
  );
}

/** Text without carriage returns: the text both versions write the same way. */
const textWithoutCR = fc
  .string({ unit: "grapheme", maxLength: 60 })
  .map((s) => s.replace(/\r/g, ""));

describe("0.6 frames read by crayonSSEAdapter", () => {
  it("TextChunk → text-delta (multi-line, unicode)", async () => {
    const texts = ["Hello", " world", "two\nlines", "\n", "", "Grüße 👋🏽", "  indented"];
    const body = texts.map((t) => new TextChunk(t).toSSEString()).join("");
    expect(await parse([body])).toStrictEqual(texts.map((text) => ({ type: "text-delta", text })));
  });

  it("TextChunk with CRLF / CR → line breaks as \\n (0.6 writes them as separate data lines)", async () => {
    const body = new TextChunk("a\r\nb\rc").toSSEString();
    expect(await parse([body])).toStrictEqual([{ type: "text-delta", text: "a\nb\nc" }]);
  });

  it("ResponseTemplate → activity-snapshot with a generated id", async () => {
    const body =
      new ResponseTemplate("weather", { city: "Zürich", days: [1, 2] }).toSSEString() +
      new ResponseTemplate("divider").toSSEString();
    expect(await parse([body])).toStrictEqual([
      {
        type: "activity-snapshot",
        activityType: "weather",
        content: { city: "Zürich", days: [1, 2] },
        messageId: "tpl_1",
      },
      { type: "activity-snapshot", activityType: "divider", content: {}, messageId: "tpl_2" },
    ]);
  });

  it("ResponseTemplatePropsChunk → the template's content, appended as the 0.6 client did", async () => {
    const body =
      new ResponseTemplate("c1", { mode: "card" }).toSSEString() +
      new ResponseTemplatePropsChunk("<card title=").toSSEString() +
      new ResponseTemplatePropsChunk('"Zürich">\n21 °C').toSSEString() +
      new ResponseTemplatePropsChunk("</card>").toSSEString();
    const events = await parse([body]);
    expect(events).toHaveLength(4);
    expect(events.at(-1)).toStrictEqual({
      type: "activity-snapshot",
      activityType: "c1",
      content: { mode: "card", content: '<card title="Zürich">\n21 °C</card>' },
      messageId: "tpl_1",
    });
  });

  it("ContextUpdate → context-append, for every kind of JSON value", async () => {
    const items: JSONValue[] = [{ city: "Zürich" }, "text", 42, true, null, [1, { a: ["b"] }]];
    const body = items.map((item) => new ContextUpdate(item).toSSEString()).join("");
    expect(await parse([body])).toStrictEqual(
      items.map((context) => ({ type: "context-append", context })),
    );
  });

  it("MessageUpdate → message-update", async () => {
    expect(await parse([new MessageUpdate("msg_server_1").toSSEString()])).toStrictEqual([
      { type: "message-update", id: "msg_server_1" },
    ]);
  });

  it("Error → error with code server_error, content before it kept", async () => {
    const body =
      new TextChunk("partial").toSSEString() + new V06Error("Rate limit\nexceeded").toSSEString();
    expect(await parse([body])).toStrictEqual([
      { type: "text-delta", text: "partial" },
      { type: "error", error: "Rate limit\nexceeded", code: "server_error" },
    ]);
  });

  it("reads any TextChunk text back exactly (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(textWithoutCR, { minLength: 1, maxLength: 8 }), async (texts) => {
        const body = texts.map((t) => new TextChunk(t).toSSEString()).join("");
        expect(await parse([body])).toStrictEqual(
          texts.map((text) => ({ type: "text-delta", text })),
        );
      }),
    );
  });
});

describe("the 0.7 encoder writes shared events exactly as 0.6 did", () => {
  it("text, error, context_append and message_update frames are byte-identical", () => {
    fc.assert(
      fc.property(textWithoutCR, (text) => {
        expect(encodeCrayonEvent({ type: "text-delta", text })).toBe(
          new TextChunk(text).toSSEString(),
        );
        expect(encodeCrayonEvent({ type: "error", error: text, code: "server_error" })).toBe(
          new V06Error(text).toSSEString(),
        );
      }),
    );
    const context = { city: "Zürich", tags: ["a"], n: null };
    expect(encodeCrayonEvent({ type: "context-append", context })).toBe(
      new ContextUpdate(context).toSSEString(),
    );
    expect(encodeCrayonEvent({ type: "message-update", id: "m1" })).toBe(
      new MessageUpdate("m1").toSSEString(),
    );
  });
});

describe("a real 0.6 server pipeline (crayonStream) read by crayonSSEAdapter", () => {
  // What an LLM returns under 0.6's response format: text, a template, more text. (No emoji:
  // 0.6 slices text deltas by UTF-16 units and can cut a surrogate pair in two frames.)
  const llmOutput = JSON.stringify({
    response: [
      { type: "text", text: "Here is\nthe weather:" },
      { type: "template", name: "weather", templateProps: { city: "Zürich", temp: 21 } },
      { type: "text", text: "Anything else? Grüße, 世界" },
    ],
  });

  /** Runs 0.6's `crayonStream` over the LLM output, fed in tokens of 4 characters. */
  async function serverBody(): Promise<string> {
    const { stream, onText, onLLMEnd, onEnd } = crayonStream();
    const read = (async () => {
      let body = "";
      for await (const piece of stream as unknown as AsyncIterable<string>) body += piece;
      return body;
    })();
    for (let i = 0; i < llmOutput.length; i += 4) onText(llmOutput.slice(i, i + 4));
    onLLMEnd();
    onEnd();
    return read;
  }

  /** Joins consecutive text deltas, so the check does not depend on 0.6's chunking. */
  function joinText(events: CrayonStreamEvent[]): CrayonStreamEvent[] {
    const out: CrayonStreamEvent[] = [];
    for (const event of events) {
      const last = out.at(-1);
      if (event.type === "text-delta" && last?.type === "text-delta") {
        out[out.length - 1] = { type: "text-delta", text: last.text + event.text };
      } else {
        out.push(event);
      }
    }
    return out;
  }

  const expected: CrayonStreamEvent[] = [
    { type: "text-delta", text: "Here is\nthe weather:" },
    {
      type: "activity-snapshot",
      activityType: "weather",
      content: { city: "Zürich", temp: 21 },
      messageId: "tpl_1",
    },
    { type: "text-delta", text: "Anything else? Grüße, 世界" },
  ];

  it("yields the text and the template", async () => {
    const body = await serverBody();
    expect(body).toContain("event: tpl\n");
    expect(joinText(await parse([body]))).toStrictEqual(expected);
  });

  it("yields identical events for any split of the bytes", async () => {
    const bytes = utf8(await serverBody());
    const whole = await parse([bytes]);
    await expectSameEventsForAnySplit(parse, bytes, whole);
  });
});
