import { describe, expect, it } from "vitest";
import { noBrowser, openPage, screenshot } from "./browser";
import { ChatPage } from "./chatPage";
import { exampleSuite } from "./exampleSuite";

// Sending while a reply streams, in the chat example: the message waits in the queue above the
// composer and is sent when the reply ends.
describe.skipIf(noBrowser)("send while streaming", () => {
  const example = exampleSuite("chat");

  for (const [device, viewport] of [
    ["desktop", { width: 1280, height: 800 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    it(`queues a message typed while /long streams and sends it after the reply (${device})`, async () => {
      const { page, errors } = await openPage(example.browser, example.url);
      await page.setViewportSize(viewport);
      const chat = new ChatPage(page);
      await chat.input.waitFor();
      await chat.send("/long");
      await chat.stopButton.waitFor();
      expect(await chat.input.getAttribute("placeholder")).toBe("Queue a follow-up…");

      const question = `What was that about, on a ${device}?`;
      await chat.send(question);
      const queued = page.getByRole("listitem", { name: `Queued: ${question}` });
      await queued.waitFor();
      await expect(chat.input.inputValue()).resolves.toBe("");
      // Not sent yet: the reply still streams and the question is not in the thread.
      await expect(chat.stopButton.isVisible()).resolves.toBe(true);
      const userMessages = page.locator(".crayon-message--user");
      await expect(userMessages.filter({ hasText: question }).count()).resolves.toBe(0);
      await screenshot(page, `chat-queued-while-streaming-${device}`);

      // Sent once the reply ends: it leaves the queue and its own reply follows.
      await queued.waitFor({ state: "detached", timeout: 60_000 });
      await userMessages.filter({ hasText: question }).waitFor();
      await chat.stopButton.waitFor({ state: "detached", timeout: 30_000 });
      await page.waitForFunction(
        (text) =>
          [...document.querySelectorAll(".crayon-message--assistant")].some((reply) =>
            reply.textContent?.includes(text),
          ),
        question,
      );
      // The /long reply ended whole (not stopped) before the question went out.
      await expect(page.getByText("Stopped").count()).resolves.toBe(0);
      const order = await userMessages.allInnerTexts();
      expect(order).toHaveLength(2);
      expect(order[0]).toContain("/long");
      expect(order[1]).toContain(question);
      await chat.waitForListAtEnd();
      await screenshot(page, `chat-queued-message-sent-${device}`);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
