import { createRandom } from "./random";

const KiB = 1024;

/**
 * Cuts a body into network-sized chunks of 16–64 KiB (seeded, so every run sees the same cuts).
 * Cuts fall anywhere, including inside SSE frames and UTF-8 sequences, like real reads do.
 */
export function networkChunks(bytes: Uint8Array, seed = 7): Uint8Array[] {
  const random = createRandom(seed);
  const chunks: Uint8Array[] = [];
  for (let offset = 0; offset < bytes.length; ) {
    const size = random.int(16 * KiB, 64 * KiB);
    chunks.push(bytes.subarray(offset, offset + size));
    offset += size;
  }
  return chunks;
}

/** A fresh 200 response whose body hands out `chunks` one read at a time, as a socket would. */
export function chunkedResponse(
  chunks: readonly Uint8Array[],
  headers: Record<string, string>,
): Response {
  let index = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (index < chunks.length) controller.enqueue(chunks[index++]!);
        else controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { status: 200, headers });
}
