import type { Locator, Page } from "playwright-core";

/** Drives a `CrayonChat` on a page through what a user sees: labels, roles and text. */
export class ChatPage {
  constructor(readonly page: Page) {}

  get input(): Locator {
    return this.page.getByRole("textbox", { name: "Message" });
  }

  get stopButton(): Locator {
    return this.page.getByRole("button", { name: "Stop generating" });
  }

  /** The conversation: its buttons, not the thread list's (a thread may be titled "Approve"). */
  get messages(): Locator {
    return this.page.getByRole("log", { name: "Messages" });
  }

  get threadList(): Locator {
    return this.page.getByRole("navigation", { name: "Conversations" });
  }

  get assistantMessages(): Locator {
    return this.page.locator(".crayon-message--assistant");
  }

  lastAssistant(): Locator {
    return this.assistantMessages.last();
  }

  /** The last reply: a turn's messages with its one action row. */
  lastReply(): Locator {
    return this.page.locator(".crayon-reply").last();
  }

  async send(text: string) {
    await this.input.fill(text);
    await this.input.press("Enter");
  }

  /** Waits until no reply is streaming (the Stop button is gone). */
  async waitForReplyEnd(timeout = 60_000) {
    await this.page.waitForFunction(
      () => !document.querySelector('button[aria-label="Stop generating"]'),
      undefined,
      { timeout, polling: 100 },
    );
  }

  /** Waits until the message list shows its end (it scrolls smoothly, so this may take a moment). */
  async waitForListAtEnd() {
    await this.page.waitForFunction(() => {
      const list = document.querySelector(".crayon-message-list__scroll");
      return list && list.scrollTop >= list.scrollHeight - list.clientHeight - 2;
    });
  }

  /** Sends a message and waits for the whole reply. */
  async ask(text: string) {
    await this.send(text);
    await this.stopButton.waitFor();
    await this.waitForReplyEnd();
  }

  /** The last reply as the user reads it (rendered text, so hidden markup does not count). */
  async lastAssistantText(): Promise<string> {
    // biome-ignore lint/performance/useDomNodeTextContent: what is rendered is what is compared
    return (await this.lastAssistant().innerText()).trim();
  }

  async newChat() {
    await this.threadList.getByRole("button", { name: "New chat" }).click();
  }

  /** The value a tool call card shows beside its argument labelled `label`. */
  toolArgument(card: Locator, label: string): Promise<string> {
    return card
      .locator("dt", { hasText: label })
      .locator("xpath=following-sibling::dd[1]")
      .innerText();
  }

  thread(title: string): Locator {
    // By the title it shows: while its reply runs, the button's name also says "replying" (for
    // screen readers), and the thread must be found then too.
    return this.threadList
      .locator(".crayon-thread-list__select")
      .filter({ has: this.page.getByText(title, { exact: true }) });
  }

  /** The thread the list shows first (the most recently active one). */
  latestThread(): Locator {
    return this.threadList.locator(".crayon-thread-list__select").first();
  }

  /** The titles of the threads the list shows, in order. */
  async threadTitles(): Promise<string[]> {
    return this.threadList.locator(".crayon-thread-list__title").allTextContents();
  }
}
