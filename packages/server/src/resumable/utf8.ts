const encoder = new TextEncoder();

/**
 * A text stream as the UTF-8 bytes of a response body, one chunk read per chunk asked for:
 * `TextEncoderStream` costs a pipe and a transform's two queues per chunk, which at a model's
 * pace was a good part of what a resumable reply cost over a plain one.
 */
export function utf8Body(text: ReadableStream<string>): ReadableStream<Uint8Array> {
  const reader = text.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/** How many bytes `text` takes in UTF-8 (what the store's byte offsets count). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    // A surrogate pair is one 4-byte character; a lone surrogate is written as U+FFFD (3 bytes).
    else if (code >= 0xd800 && code < 0xdc00 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
