// What an MCP App's frame receives from its host, as the e2e tests record it.

/**
 * An init script that records, in every frame (not the page itself), the `method` of each
 * message the frame receives (`ui/notifications/…`), so a test can tell what the host sent the
 * app and in what order. The list is the frame's `window.mcpReceived`.
 */
export const RECORD_APP_MESSAGES = () => {
  if (window === window.top) return;
  const received: string[] = [];
  (window as unknown as { mcpReceived: string[] }).mcpReceived = received;
  window.addEventListener(
    "message",
    (event) => {
      const method = (event.data as { method?: unknown } | null)?.method;
      if (typeof method === "string") received.push(method);
    },
    true,
  );
};

export const PARTIAL = "ui/notifications/tool-input-partial";
export const INPUT = "ui/notifications/tool-input";
export const RESULT = "ui/notifications/tool-result";
export const CANCELLED = "ui/notifications/tool-cancelled";
