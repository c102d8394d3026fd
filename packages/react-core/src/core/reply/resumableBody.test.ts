// @vitest-environment node

import { encodeCrayonEvent } from "@crayonai/server/sse";
import { type CrayonStreamEvent, crayonSSEAdapter } from "@crayonai/stream";
import { describe, expect, it, vi } from "vitest";
import { ChatError } from "../chatError";
import { RESUME_POSITION_HEADER, resumableBody } from "./resumableBody";

const encoder = new TextEncoder();
const SSE = { "content-type": "text/event-stream" };

/** A response of `chunks` (bytes); `cut` makes the connection fail after the last one. */
function bytesResponse(
  chunks: Uint8Array[],
  options: { cut?: boolean; headers?: Record<string, string> } = {},
): Response {
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[next++];
      if (chunk) controller.enqueue(chunk);
      else if (options.cut) controller.error(new TypeError("network error"));
      else controller.close();
    },
  });
  return new Response(body, { headers: { ...SSE, ...options.headers } });
}

/** `text` as UTF-8, split at the byte offsets given. */
function splitBytes(text: string, ...offsets: number[]): Uint8Array[] {
  const bytes = encoder.encode(text);
  const bounds = [0, ...offsets, bytes.length];
  return bounds.slice(1).map((end, i) => bytes.slice(bounds[i], end));
}

/** The chunks of `text` up to the byte offset `cut` (split at `offsets` before it). */
function bytesUntil(text: string, cut: number, ...offsets: number[]): Uint8Array[] {
  return splitBytes(text, ...offsets, cut).slice(0, -1);
}

async function readText(response: Response): Promise<string> {
  return new TextDecoder().decode(await response.arrayBuffer());
}

const FULL = "data: h\u00e9llo \u{1F600} w\u00f6rld \u2014 done\n\n";
// The byte in the middle of the emoji's four bytes: "data: héllo " is 13 bytes.
const MID_EMOJI = 15;

describe("resumableBody", () => {
  it("resumes at the position after a cut in the middle of a multi-byte character (header: no skipping)", async () => {
    const positions: number[] = [];
    const calls: string[] = [];
    const body = resumableBody(bytesResponse(bytesUntil(FULL, MID_EMOJI, 4), { cut: true }), {
      signal: new AbortController().signal,
      delays: [0],
      resume: async (position) => {
        positions.push(position);
        const rest = FULL.slice(position);
        return bytesResponse(splitBytes(rest, 3), {
          headers: { [RESUME_POSITION_HEADER]: String(position) },
        });
      },
      onReconnecting: (attempt) => calls.push(`reconnecting ${attempt}`),
      onReconnected: () => calls.push("reconnected"),
    });
    expect(await readText(body)).toBe(FULL);
    // Only the whole characters before the emoji were delivered (and counted).
    expect(positions).toEqual(["data: h\u00e9llo ".length]);
    expect(calls).toEqual(["reconnecting 1", "reconnected"]);
  });

  it("skips what it already delivered when the resumed response has no position header (from 0)", async () => {
    const body = resumableBody(bytesResponse(bytesUntil(FULL, MID_EMOJI + 2), { cut: true }), {
      signal: new AbortController().signal,
      delays: [0],
      resume: async () => bytesResponse(splitBytes(FULL, 5, MID_EMOJI + 1, 20)),
    });
    expect(await readText(body)).toBe(FULL);
  });

  it("gives the adapter every event once when the cut falls in the middle of an SSE event", async () => {
    const events: CrayonStreamEvent[] = ["Hel", "lo, w\u00f6", "rld \u{1F30D}", "!"].map(
      (text) => ({
        type: "text-delta",
        text,
      }),
    );
    const wire = events.map(encodeCrayonEvent).join("");
    const cutAt = encoder.encode(wire).length - 30;
    let resumes = 0;
    const body = resumableBody(bytesResponse(bytesUntil(wire, cutAt, 9), { cut: true }), {
      signal: new AbortController().signal,
      delays: [0, 0, 0],
      resume: async (position) => {
        // The first try fails (the network is still down), the second one works.
        if (++resumes === 1) throw new TypeError("Failed to fetch");
        return bytesResponse(splitBytes(wire.slice(position), 1), {
          headers: { [RESUME_POSITION_HEADER]: String(position) },
        });
      },
    });
    const received: CrayonStreamEvent[] = [];
    for await (const event of crayonSSEAdapter().parse(body)) received.push(event);
    expect(received).toEqual(events);
    expect(resumes).toBe(2);
  });

  it("fails with reply_moved when the server says no reply is running (204 → null)", async () => {
    const onMoved = vi.fn();
    const body = resumableBody(bytesResponse(bytesUntil(FULL, MID_EMOJI), { cut: true }), {
      signal: new AbortController().signal,
      delays: [0],
      resume: async () => null,
      onMoved,
    });
    const reader = body.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("data: h\u00e9llo ");
    const failure = await reader.read().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChatError);
    expect((failure as ChatError).code).toBe("reply_moved");
    expect(onMoved).toHaveBeenCalledOnce();
  });

  it("fails with the original error once every try failed", async () => {
    const attempts: number[] = [];
    const resume = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    const body = resumableBody(bytesResponse(bytesUntil(FULL, 6), { cut: true }), {
      signal: new AbortController().signal,
      delays: [0, 1, 2],
      resume,
      onReconnecting: (attempt) => attempts.push(attempt),
    });
    await expect(readText(body)).rejects.toThrow("network error");
    expect(resume).toHaveBeenCalledTimes(3);
    expect(attempts).toEqual([1, 2, 3]);
  });

  it("stops trying at a permanent refusal (a 4xx such as 403)", async () => {
    const resume = vi.fn(async () => {
      throw Object.assign(new Error("forbidden"), { status: 403 });
    });
    const body = resumableBody(bytesResponse(bytesUntil(FULL, 6), { cut: true }), {
      signal: new AbortController().signal,
      delays: [0, 0, 0],
      resume,
    });
    await expect(readText(body)).rejects.toThrow("network error");
    expect(resume).toHaveBeenCalledOnce();
  });

  it("ends at once, without resuming, when the signal aborts during the backoff", async () => {
    const controller = new AbortController();
    const resume = vi.fn(async () => null);
    const body = resumableBody(bytesResponse(bytesUntil(FULL, 6), { cut: true }), {
      signal: controller.signal,
      delays: [60_000],
      resume,
    });
    const reader = body.body!.getReader();
    await reader.read();
    const failing = reader.read();
    await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort(new DOMException("stopped", "AbortError"));
    await expect(failing).rejects.toMatchObject({ name: "AbortError" });
    expect(resume).not.toHaveBeenCalled();
  });

  it("passes a clean end and an error response through untouched", async () => {
    const resume = vi.fn(async () => null);
    const options = { signal: new AbortController().signal, resume, delays: [0] };
    expect(await readText(resumableBody(bytesResponse(splitBytes(FULL, MID_EMOJI)), options))).toBe(
      FULL,
    );
    const refused = new Response("nope", { status: 500 });
    expect(resumableBody(refused, options)).toBe(refused);
    expect(resume).not.toHaveBeenCalled();
  });

  it("hands on the bytes as they came, each chunk ending on a whole character", async () => {
    const resume = vi.fn(async () => null);
    const options = { signal: new AbortController().signal, resume, delays: [0] };
    const bytes = encoder.encode(FULL);
    // Cut inside "é" (2 bytes), inside the emoji (4), between its bytes again, and inside "—" (3).
    const dash = bytes.length - 10;
    const response = resumableBody(
      bytesResponse(splitBytes(FULL, 8, MID_EMOJI, MID_EMOJI + 1, dash)),
      options,
    );
    const chunks: Uint8Array[] = [];
    const reader = response.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks.push(read.value);
    }
    const strict = new TextDecoder("utf-8", { fatal: true });
    for (const chunk of chunks) expect(() => strict.decode(chunk)).not.toThrow();
    expect(Buffer.concat(chunks)).toEqual(Buffer.from(bytes));
  });

  it("passes on a body's malformed bytes for the adapter to decode as it would have", async () => {
    const resume = vi.fn(async () => null);
    const options = { signal: new AbortController().signal, resume, delays: [0] };
    // A lone lead byte in the middle, and a character cut off at the very end.
    const bytes = [
      encoder.encode("a"),
      Uint8Array.of(0xe2),
      encoder.encode("b"),
      Uint8Array.of(0xf0, 0x9f),
    ];
    const body = await resumableBody(bytesResponse(bytes), options).arrayBuffer();
    expect(new TextDecoder().decode(body)).toBe("a\ufffdb\ufffd");
  });
});
