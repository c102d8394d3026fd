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
};

/** The same response, its body relayed chunk by chunk with {@link RelayOptions}. */
export function relayBody(response: Response, { onCancel, endAfter }: RelayOptions): Response {
  const source = response.body;
  if (!source) return response;
  const reader = source.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (!done) return controller.enqueue(value);
        await endAfter?.catch(() => {});
        controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
    cancel(reason) {
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
