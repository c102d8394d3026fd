/**
 * The same response, whose body calls `onCancel` first when the client stops reading it (it
 * disconnected or aborted), so the producer can stop before its pending work resolves.
 */
export function abortOnCancel(response: Response, onCancel: () => void): Response {
  const source = response.body;
  if (!source) return response;
  const reader = source.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
      }
    },
    cancel(reason) {
      onCancel();
      return reader.cancel(reason);
    },
  });
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
