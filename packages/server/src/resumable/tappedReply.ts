/** What {@link tapReply} tells its caller as a reply's body is read. */
export type ReplyTapHooks = {
  /** Each piece of text, decoded (a character split across two chunks is never cut). */
  onText(text: string): void;
  /** Once, after the last piece: the body ended, or failed (after `onError`). */
  onEnd(): void;
  /** The body failed: the reply ends there, with what it produced. */
  onError(error: unknown): void;
};

/** A reply's body, read once, given to the two that need it. */
export type TappedReply = {
  /**
   * The body's bytes, untouched, for the response that started the reply. Its reader may go
   * away (a closed tab, a dropped network): the body is still read to its end.
   */
  bytes: ReadableStream<Uint8Array>;
  /**
   * The same as text, for `resumable-stream` to keep: each read gets all the text produced since
   * the last one, so a burst of small events costs one chunk, not one each. Undefined unless
   * asked for.
   */
  text?: ReadableStream<string>;
};

/**
 * Reads a reply's body from start to end, as fast as it is produced, whoever listens. The
 * original response gets the bytes as they come, with no copy or re-encoding on their way (a
 * resumable reply costs about what a plain one does at a model's pace); the text is decoded once,
 * for `onText` and, with `keepText`, for the store. The body never errors for its readers: a
 * failing body just ends, after `onError`.
 */
export function tapReply(
  body: ReadableStream<Uint8Array>,
  hooks: ReplyTapHooks,
  { keepText }: { keepText: boolean },
): TappedReply {
  const source = body.getReader();
  const decoder = new TextDecoder();
  let output!: ReadableStreamDefaultController<Uint8Array>;
  let outputGone = false;
  const bytes = new ReadableStream<Uint8Array>({
    start(controller) {
      output = controller;
    },
    cancel() {
      outputGone = true;
    },
  });
  let pending = "";
  let finished = false;
  let wake: (() => void) | undefined;
  const text = keepText
    ? new ReadableStream<string>(
        {
          async pull(controller) {
            while (!pending && !finished) await new Promise<void>((resolve) => (wake = resolve));
            if (pending) controller.enqueue(pending);
            pending = "";
            if (finished) controller.close();
          },
        },
        // Pulled only when read: what comes meanwhile waits here, to be given as one piece.
        { highWaterMark: 0 },
      )
    : undefined;
  const take = (piece: string) => {
    if (!piece) return;
    hooks.onText(piece);
    if (!keepText) return;
    pending += piece;
    wake?.();
  };
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await source.read();
        if (done) break;
        if (!outputGone) output.enqueue(value);
        take(decoder.decode(value, { stream: true }));
      }
      take(decoder.decode());
    } catch (error) {
      hooks.onError(error);
    }
    finished = true;
    wake?.();
    if (!outputGone) output.close();
    hooks.onEnd();
  })();
  return { bytes, text };
}
