// Drives the playground page of the built site through what a user sees (labels, roles, text):
// shared by the playground check and the accessibility check.

/** The playground's address. */
export const PLAYGROUND_PATH = "/playground/";

/**
 * Every protocol of the picker, with a word of the event names of the wire frames its inspector
 * shows for a reply.
 */
export const PLAYGROUND_FRAMES = {
  crayon: "text",
  "ag-ui": "message",
  vercel: "message",
  openai: "message",
  "open-responses": "response.",
  "plain-text": "message",
  text: "text",
};

/** The request line that names a protocol's route: OpenAI's two have their own. */
export const requestLine = (protocol) =>
  protocol === "openai"
    ? "POST /api/openai/chat/completions"
    : protocol === "open-responses"
      ? "POST /api/openai/responses"
      : `POST /api/chat?protocol=${protocol}`;

/** @param {import("playwright-core").Page} page */
export function playground(page) {
  const inspector = page.getByRole("region", { name: "Inspector" });
  const composer = page.getByRole("textbox", { name: "Message" });
  return {
    composer,
    protocol: page.getByRole("combobox", { name: "Protocol" }),
    inspector,
    request: inspector.getByRole("region", { name: "Request" }),
    wire: inspector.getByRole("list", { name: "Wire frames" }),
    events: inspector.getByRole("list", { name: "Crayon events" }),
    lastReply: page.locator(".crayon-message--assistant").last(),
    /**
     * Sends `text` and waits until its reply has ended: the inspector (fresh for each protocol)
     * says its first reply is complete, and the chat shows no Stop button.
     */
    async ask(text, timeout = 30_000) {
      await composer.fill(text);
      await composer.press("Enter");
      await inspector.getByText("complete", { exact: true }).first().waitFor({ timeout });
      await page.getByRole("button", { name: "Stop generating" }).waitFor({ state: "detached" });
    },
  };
}
