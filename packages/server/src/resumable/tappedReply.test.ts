import { describe, expect, it } from "vitest";
import { tapReply } from "./tappedReply";

const encoder = new TextEncoder();

/** A body that gives `chunks` one by one, each when asked, then ends (or fails with `error`). */
function body(chunks: Uint8Array[], error?: Error) {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]!);
      else if (error) controller.error(error);
      else controller.close();
    },
  });
}

async function readAll<T>(stream: ReadableStream<T>): Promise<T[]> {
  const parts: T[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return parts;
    parts.push(value);
  }
}

function recorder() {
  const texts: string[] = [];
  let ended!: () => void;
  const end = new Promise<void>((resolve) => (ended = resolve));
  const errors: unknown[] = [];
  return {
    texts,
    errors,
    end,
    hooks: {
      onText: (text: string) => texts.push(text),
      onEnd: () => ended(),
      onError: (e: unknown) => errors.push(e),
    },
  };
}

describe("tapReply", () => {
  // "✓" is three bytes: split across two chunks, a naive decode would give two U+FFFD.
  const whole = encoder.encode('data: {"text":"done ✓"}\n\n');
  const split = whole.indexOf(0xe2) + 1;
  const chunks = [whole.slice(0, split), whole.slice(split)];

  it("gives the response the body's own bytes and the kit its text, never cutting a character", async () => {
    const seen = recorder();
    const tapped = tapReply(body(chunks), seen.hooks, { keepText: true });
    const [bytes, text] = await Promise.all([readAll(tapped.bytes), readAll(tapped.text!)]);
    expect(bytes).toEqual(chunks);
    expect(text.join("")).toBe('data: {"text":"done ✓"}\n\n');
    expect(seen.texts.join("")).toBe(text.join(""));
    expect(seen.texts.join("")).not.toContain("\uFFFD");
  });

  it("reads the body to its end when the response's reader goes away", async () => {
    const seen = recorder();
    const many = Array.from({ length: 50 }, (_, i) => encoder.encode(`data: ${i}\n\n`));
    const tapped = tapReply(body(many), seen.hooks, { keepText: true });
    const reader = tapped.bytes.getReader();
    await reader.read();
    await reader.cancel("the tab closed");
    const text = await readAll(tapped.text!);
    await seen.end;
    expect(text.join("")).toBe(many.map((chunk) => new TextDecoder().decode(chunk)).join(""));
  });

  it("gathers what was produced meanwhile into one piece of text for the store", async () => {
    const seen = recorder();
    const many = Array.from({ length: 20 }, (_, i) => encoder.encode(`data: ${i}\n\n`));
    const tapped = tapReply(body(many), seen.hooks, { keepText: true });
    await seen.end;
    // Nothing read the text while the body was produced: it is all there, in one piece.
    const text = await readAll(tapped.text!);
    expect(text).toHaveLength(1);
    expect(text[0]).toBe(seen.texts.join(""));
  });

  it("ends a failing body where it failed: its readers get what it produced, the kit the error", async () => {
    const seen = recorder();
    const failure = new Error("the model went away");
    const tapped = tapReply(body(chunks.slice(0, 1), failure), seen.hooks, { keepText: true });
    const [bytes, text] = await Promise.all([readAll(tapped.bytes), readAll(tapped.text!)]);
    await seen.end;
    expect(bytes).toEqual(chunks.slice(0, 1));
    expect(text.join("")).toBe('data: {"text":"done ');
    expect(seen.errors).toEqual([failure]);
  });

  it("keeps no text for a reply that is not resumable", async () => {
    const seen = recorder();
    const tapped = tapReply(body(chunks), seen.hooks, { keepText: false });
    expect(tapped.text).toBeUndefined();
    expect(await readAll(tapped.bytes)).toEqual(chunks);
    await seen.end;
    expect(seen.texts.join("")).toBe('data: {"text":"done ✓"}\n\n');
  });
});
