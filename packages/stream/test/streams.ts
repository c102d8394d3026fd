// Test helpers for building streamed responses. Not part of the package.
import fc from "fast-check";
import { expect } from "vitest";
import type { CrayonStreamEvent } from "../src/events";

const encoder = new TextEncoder();

/** A Response whose body yields exactly these chunks, in order. */
export function responseFromChunks(
  chunks: ReadonlyArray<string | Uint8Array>,
  init: ResponseInit = {},
): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) {
        controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
      }
      controller.close();
    },
  });
  return new Response(body, { status: 200, ...init });
}

/** A `fetch` that records its calls and answers each with `respond()` (default: empty). */
export function recordingFetch(respond: () => Response = () => new Response("")) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch = (async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return respond();
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

/** A Response whose body yields these chunks and then fails with `error` (a dropped connection). */
export function failingResponse(chunks: ReadonlyArray<string>, error: unknown): Response {
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(encoder.encode(chunks[i++]!));
      else controller.error(error);
    },
  });
  return new Response(body, { status: 200 });
}

/** Splits bytes at the given offsets (sorted, deduplicated, clamped). */
export function splitBytes(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => Math.max(0, Math.min(bytes.length, c))))].sort(
    (a, b) => a - b,
  );
  const parts: Uint8Array[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    if (point > start) parts.push(bytes.slice(start, point));
    start = point;
  }
  return parts;
}

/** A fast-check arbitrary of cut offsets for a body of `length` bytes. */
export function cutsArbitrary(length: number): fc.Arbitrary<number[]> {
  return fc.array(fc.integer({ min: 0, max: length }), { maxLength: 40 });
}

/** Collects every event an adapter yields. */
export async function collect(
  events: AsyncIterable<CrayonStreamEvent>,
): Promise<CrayonStreamEvent[]> {
  const out: CrayonStreamEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

/** UTF-8 bytes of a string. */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/**
 * Asserts the property every adapter promises: however `bytes` are split into network chunks,
 * `parse` yields exactly `expected` (the events of the unsplit body).
 */
export async function expectSameEventsForAnySplit(
  parse: (chunks: Uint8Array[]) => Promise<CrayonStreamEvent[]>,
  bytes: Uint8Array,
  expected: CrayonStreamEvent[],
  numRuns = 100,
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(cutsArbitrary(bytes.length), async (cuts) => {
      expect(await parse(splitBytes(bytes, cuts))).toStrictEqual(expected);
    }),
    { numRuns },
  );
}

/**
 * `streamText` from the AI SDK (ai 6) on a mock model that streams `deltas` as one text part:
 * the real producer, for tests of what its responses look like on the wire.
 */
export async function aiSdkTextResult(deltas: string[]) {
  const { simulateReadableStream, streamText } = await import("ai");
  const { MockLanguageModelV3 } = await import("ai/test");
  const model = new MockLanguageModelV3({
    doStream: async () => ({
      stream: simulateReadableStream({
        chunks: [
          { type: "text-start", id: "t" },
          ...deltas.map((delta) => ({ type: "text-delta" as const, id: "t", delta })),
          { type: "text-end", id: "t" },
          {
            type: "finish",
            finishReason: { unified: "stop", raw: "stop" },
            usage: {
              inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
              outputTokens: { total: 2, text: 2, reasoning: 0 },
            },
          },
        ],
      }),
    }),
  });
  return streamText({ model, prompt: "hi" });
}
