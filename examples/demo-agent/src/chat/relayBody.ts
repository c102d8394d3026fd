/** What {@link relayBody} does besides passing the body on. */
export type RelayOptions = {
  /**
   * Called first when the reader stops reading (it disconnected or aborted), so the producer can
   * stop before its pending work resolves.
   */
  onCancel?: () => void;
  /**
   * The body ends only once this has settled: the reply saved from another copy of the body,
   * so that whoever sees the end (a resume that finds nothing running) finds it stored.
   */
  endAfter?: Promise<unknown>;
  /** Called once the body has ended (after `endAfter`), not when it failed or was cancelled. */
  onEnd?: () => void;
  /**
   * When it aborts, the body fails with its reason (as a `fetch` aborted mid-body does) and the
   * source is cancelled, as when the reader stops reading.
   */
  signal?: AbortSignal;
};

/** The same response, its body relayed chunk by chunk with {@link RelayOptions}. */
export function relayBody(
  response: Response,
  { onCancel, endAfter, onEnd, signal }: RelayOptions,
): Response {
  const source = response.body;
  if (!source) return response;
  const reader = source.getReader();
  let stopListening = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (!signal) return;
      const abort = () => {
        controller.error(signal.reason);
        onCancel?.();
        reader.cancel(signal.reason).catch(() => {});
      };
      if (signal.aborted) return abort();
      signal.addEventListener("abort", abort, { once: true });
      stopListening = () => signal.removeEventListener("abort", abort);
    },
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (!done) return controller.enqueue(value);
        stopListening();
        await endAfter?.catch(() => {});
        controller.close();
        onEnd?.();
      } catch (error) {
        controller.error(error);
      }
    },
    cancel(reason) {
      stopListening();
      onCancel?.();
      return reader.cancel(reason);
    },
  });
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
