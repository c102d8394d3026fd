import { describe, expect, it } from "vitest";
import { noBrowser, openPage, screenshot } from "./browser";
import { ChatPage } from "./chatPage";
import { exampleSuite } from "./exampleSuite";

// The chat example (examples/chat) on the demo agent, driven like a user would.
describe.skipIf(noBrowser)("chat example", () => {
  const example = exampleSuite("chat");
  const url = () => example.url;

  async function open(query = "") {
    const { page, errors } = await openPage(example.browser, `${url()}/${query}`);
    const chat = new ChatPage(page);
    await chat.input.waitFor();
    return { page, errors, chat };
  }

  it("streams a reply: text arrives in pieces while the Stop button shows", async () => {
    const { page, errors, chat } = await open();
    await chat.send("/markdown");
    await chat.stopButton.waitFor();
    // Seen while streaming: some of the reply, not yet all of it.
    await page.waitForFunction(
      () => (document.querySelector(".crayon-message--assistant")?.textContent ?? "").length > 20,
    );
    const partial = await chat.lastAssistantText();
    await chat.waitForReplyEnd();
    const full = await chat.lastAssistantText();
    expect(full.length).toBeGreaterThan(partial.length);
    expect(full.startsWith(partial.slice(0, 10))).toBe(true);
    // Markdown was rendered as elements (a code block with its copy button), not as text.
    await expect(chat.lastAssistant().locator("pre code").count()).resolves.toBeGreaterThan(0);
    await expect(
      chat.lastAssistant().getByRole("button", { name: "Copy code" }).count(),
    ).resolves.toBeGreaterThan(0);
    await screenshot(page, "chat-markdown-reply");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a reply does not move when it finishes streaming (its action row is already reserved)", async () => {
    const { page, errors, chat } = await open();
    // Every frame: the reply's text length and the height of its row (text and action row).
    // Heights, not positions: the list may still be scrolling to follow the last words.
    await page.evaluate(() => {
      const frames: { length: number; height: number }[] = [];
      (window as { replyFrames?: typeof frames }).replyFrames = frames;
      const record = () => {
        const replies = document.querySelectorAll(".crayon-reply");
        const reply = replies[replies.length - 1];
        const body = reply?.querySelector(".crayon-message__body");
        if (reply && body) {
          const length = body.textContent?.length ?? 0;
          frames.push({ length, height: Math.round(reply.getBoundingClientRect().height) });
        }
        requestAnimationFrame(record);
      };
      requestAnimationFrame(record);
    });
    await chat.send("/markdown");
    await chat.stopButton.waitFor();
    await chat.waitForReplyEnd();
    // At least a dozen frames after the stream's end (a loaded machine draws fewer a second).
    await page.waitForFunction(() => {
      const frames = (window as { replyFrames?: { length: number }[] }).replyFrames ?? [];
      const last = frames[frames.length - 1]?.length;
      return frames.filter((frame) => frame.length === last).length > 12;
    });
    const frames = await page.evaluate(
      () => (window as { replyFrames?: { length: number; height: number }[] }).replyFrames ?? [],
    );
    const finalLength = frames[frames.length - 1]!.length;
    // From the first frame showing the whole text on, through the end of the stream, the row
    // keeps its height: the action row that appears had its room already.
    const whole = frames.filter((frame) => frame.length === finalLength);
    const heights = new Set(whole.map((frame) => frame.height));
    expect(whole.length).toBeGreaterThan(10);
    expect([...heights]).toEqual([whole[0]!.height]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("stop keeps the partial reply, marked stopped, also after a reload", async () => {
    const { page, errors, chat } = await open();
    await chat.send("/long");
    await chat.stopButton.waitFor();
    await page.waitForFunction(
      () => (document.querySelector(".crayon-message--assistant")?.textContent ?? "").length > 200,
    );
    await chat.stopButton.click();
    await chat.waitForReplyEnd(10_000);
    await expect(chat.lastAssistant().getByText("Stopped").count()).resolves.toBe(1);
    const kept = await chat.lastAssistantText();
    expect(kept.length).toBeGreaterThan(200);
    await screenshot(page, "chat-stopped");

    await page.reload();
    // The stopped thread is the most recently active: first in the list.
    await chat.latestThread().click();
    await chat.lastAssistant().getByText("Stopped").waitFor();
    const afterReload = await chat.lastAssistantText();
    // The server kept what the client showed (it may have sent a few more deltas before the
    // abort reached it, never fewer).
    expect(afterReload.replace("Stopped", "").length).toBeGreaterThanOrEqual(
      kept.replace("Stopped", "").length - 1,
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a reply keeps streaming in its own thread while the user works in another", async () => {
    const { page, errors, chat } = await open();
    await chat.send("/long switch threads");
    await chat.stopButton.waitFor();
    await chat.newChat();
    await chat.ask("hello from the second thread");
    expect(await chat.lastAssistantText()).toContain("hello from the second thread");

    // The first thread finished on its own: no Stop button, not marked stopped, and longer
    // than any partial reply.
    // Titled without its command.
    await chat.thread("switch threads").first().click();
    await page.waitForFunction(
      () => !document.querySelector(".crayon-thread-list__running"),
      undefined,
      { timeout: 60_000, polling: 200 },
    );
    await chat.waitForReplyEnd();
    await expect(chat.lastAssistant().getByText("Stopped").count()).resolves.toBe(0);
    expect((await chat.lastAssistantText()).length).toBeGreaterThan(1000);
    // The list followed the reply to its end (smoothly, so it may land a moment later).
    await chat.waitForListAtEnd();
    await screenshot(page, "chat-thread-finished-in-background");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("history persists: a reload lists the threads and opens their messages", async () => {
    const { page, errors, chat } = await open();
    await chat.ask("remember this: persistence check");
    await page.reload();
    await chat.thread("remember this: persistence check").click();
    await page.getByText("remember this: persistence check", { exact: true }).first().waitFor();
    expect(await chat.lastAssistantText()).toContain("persistence check");
    await screenshot(page, "chat-after-reload");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("approving an awaiting_input request resumes the reply", async () => {
    const { page, errors, chat } = await open();
    await chat.send("/approve");
    const approve = chat.messages.getByRole("button", { name: "Approve", exact: true });
    await approve.waitFor();
    await expect(page.getByText("Waiting for your input").count()).resolves.toBeGreaterThan(0);
    await screenshot(page, "chat-awaiting-approval");
    await approve.click();
    await chat.waitForReplyEnd();
    await expect(approve.count()).resolves.toBe(0);
    // The tool ran after the approval, and the agent reported its result.
    expect(await chat.lastAssistantText()).toContain('Done: "Release review" is on the');
    await screenshot(page, "chat-approved");

    // After a reload (the thread is in the URL) the card still says who approved what.
    await page.reload();
    const card = page.locator(".crayon-tool-call").filter({ hasText: "schedule_meeting" });
    await card.getByText("Approved by you").waitFor();
    await card.locator("summary").click();
    await card.getByText("Approved with").waitFor();
    // The arguments the user approved, labelled as when they were asked, then the result.
    await expect(chat.toolArgument(card, "Title")).resolves.toBe("Release review");
    await screenshot(page, "chat-approved-after-reload");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a rejected call keeps what was asked and who rejected it, after a reload", async () => {
    const { page, errors, chat } = await open();
    await chat.send("/approve");
    const reject = chat.messages.getByRole("button", { name: "Reject", exact: true });
    await reject.waitFor();
    await reject.click();
    await chat.waitForReplyEnd();
    expect(await chat.lastAssistantText()).toContain("I did not schedule the meeting");
    await page.reload();
    const card = page.locator(".crayon-tool-call").filter({ hasText: "schedule_meeting" });
    await card.getByText("Rejected by you").waitFor();
    await card.locator("summary").click();
    await card.getByText("Asked to run with").waitFor();
    await expect(chat.toolArgument(card, "Day")).resolves.toBe("Thursday");
    await screenshot(page, "chat-rejected-after-reload");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a registered tool UI answers the call and the reply continues", async () => {
    const { page, errors, chat } = await open();
    await chat.send("/confirm");
    // The example registers a confirmation dialog for the tool: the call renders as it.
    const dialog = page.getByRole("group", { name: /Book a table for 2/ });
    await dialog.waitFor();
    await chat.waitForReplyEnd();
    await screenshot(page, "chat-tool-ui-dialog");
    await dialog.getByRole("button", { name: "Book it" }).click();
    // In the reply (the thread list's preview repeats the same text).
    await chat
      .lastReply()
      .getByText("Booked: a table for 2 at Luigi's, Friday at 19:30.", { exact: true })
      .waitFor();
    await chat.waitForReplyEnd();
    await expect(page.getByText("Confirmed", { exact: true }).count()).resolves.toBe(1);
    await expect(page.getByRole("button", { name: "Book it" }).count()).resolves.toBe(0);

    // A tool the server runs renders with its own card too, filled in from the result.
    await chat.send("/tool Paris");
    await page.getByRole("region", { name: "Weather in Paris" }).waitFor();
    await chat.waitForReplyEnd();
    await screenshot(page, "chat-tool-ui-weather");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("/tool Paris reads as one reply: text, the weather card, the answer, one action row", async () => {
    const { page, errors, chat } = await open();
    await chat.ask("/tool Paris");
    const reply = page.locator(".crayon-reply").last();
    await reply.getByRole("region", { name: "Weather in Paris" }).waitFor();
    await expect(reply.getByText("Let me check the weather in Paris.").count()).resolves.toBe(1);
    await expect(reply.locator(".crayon-message-controls").count()).resolves.toBe(1);
    await expect(reply.getByRole("button", { name: "Copy" }).count()).resolves.toBe(1);
    await expect(reply.getByRole("button", { name: "Regenerate" }).count()).resolves.toBe(1);
    // The row is at the reply's end, after the answer, and shows without hovering (last reply).
    const controls = reply.locator(".crayon-message-controls");
    const answer = chat.lastAssistant();
    const [answerBox, controlsBox] = await Promise.all([
      answer.boundingBox(),
      controls.boundingBox(),
    ]);
    expect(controlsBox!.y).toBeGreaterThanOrEqual(answerBox!.y + answerBox!.height - 1);
    await expect(controls.evaluate((row) => getComputedStyle(row).opacity)).resolves.toBe("1");
    await screenshot(page, "chat-weather-turn-one-reply");
    await page.setViewportSize({ width: 390, height: 844 });
    // The conversations drawer slides away at phone width.
    await page.waitForTimeout(500);
    await chat.waitForListAtEnd();
    // The card's temperature ("-1 °C") stays on one line in the narrow card.
    const temperatureLines = await reply
      .locator(".demo-weather__temperature")
      .evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
    expect(temperatureLines).toBe(1);
    await screenshot(page, "chat-weather-turn-one-reply-phone");

    // Scrolled up, the jump-to-latest button sits below the messages, never over them.
    await chat.ask("/markdown");
    const list = page.locator(".crayon-message-list__scroll");
    await list.hover();
    await page.mouse.wheel(0, -3000);
    const jump = page.getByRole("button", { name: "Scroll to latest message" });
    await jump.waitFor();
    await page.waitForTimeout(300);
    const [listBox, jumpBox] = await Promise.all([list.boundingBox(), jump.boundingBox()]);
    expect(jumpBox!.y).toBeGreaterThanOrEqual(listBox!.y + listBox!.height);
    await screenshot(page, "chat-scroll-to-latest-phone");
    await jump.click();
    await chat.waitForListAtEnd();
    // With a pointer away, an earlier reply's row waits for hover or focus; the last one shows.
    await page.mouse.move(0, 0);
    const opacityOf = (row: ReturnType<typeof page.locator>) =>
      row.locator(".crayon-message-controls").evaluate((el) => getComputedStyle(el).opacity);
    // It fades out (a transition), so wait for the end of the fade, not a fixed time.
    await expect.poll(() => opacityOf(page.locator(".crayon-reply").first())).toBe("0");
    await expect(opacityOf(page.locator(".crayon-reply").last())).resolves.toBe("1");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("/workflow lists workflows as cards whose Trigger runs one; /workdeck and /cyrus render as boards", async () => {
    const { page, errors, chat } = await open();
    await chat.ask("/workflow");
    // Activities are rows of their own (role "activity"), after the reply that streamed them.
    const lastActivity = () => page.locator(".crayon-message--activity").last();
    const trigger = lastActivity()
      .getByRole("button", { name: /^Trigger / })
      .first();
    await trigger.click();
    await chat.stopButton.waitFor();
    await chat.waitForReplyEnd();
    // biome-ignore lint/performance/useDomNodeTextContent: what is rendered is what is compared
    const run = await lastActivity().innerText();
    expect(run).toMatch(/Completed/i);
    expect(run).not.toMatch(/Running/);
    await screenshot(page, "chat-workflow-run");

    await chat.ask("/workdeck");
    await expect(lastActivity().getByRole("list", { name: "Task cards" }).count()).resolves.toBe(1);
    await chat.ask("/cyrus");
    // Structured cards, not the generic activity card's JSON.
    await expect(lastActivity().locator(".demo-activity").count()).resolves.toBe(1);
    // biome-ignore lint/performance/useDomNodeTextContent: what is rendered is what is compared
    expect(await lastActivity().innerText()).not.toContain('{"');
    await screenshot(page, "chat-cyrus-run");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("on a phone the conversations slide over the chat from the header, which also has New chat", async () => {
    const { page, errors, chat } = await open();
    await page.setViewportSize({ width: 390, height: 844 });
    await chat.ask("/help");
    const composerTop = async () => (await chat.input.boundingBox())!.y;
    const before = await composerTop();
    const banner = page.locator(".crayon-header");
    await expect(chat.threadList.isVisible()).resolves.toBe(false);

    await banner.getByRole("button", { name: "Conversations" }).click();
    await chat.threadList.getByRole("button", { name: "New chat" }).waitFor({ state: "visible" });
    // The slide is a transition: wait for it to end rather than for a fixed time.
    await expect.poll(async () => (await chat.threadList.boundingBox())?.x).toBe(0);
    const drawer = (await chat.threadList.boundingBox())!;
    expect(drawer.width).toBeLessThan(390);
    // Over the chat, not above it: the conversation did not move down.
    expect(await composerTop()).toBe(before);
    await screenshot(page, "chat-phone-drawer");

    // A tap beside the drawer closes it; the header's New chat starts an empty thread.
    await page.mouse.click(370, 400);
    await chat.threadList.waitFor({ state: "hidden" });
    await banner.getByRole("button", { name: "New chat" }).click();
    await chat.assistantMessages.first().waitFor({ state: "detached" });
    await screenshot(page, "chat-phone-new-chat");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a reply that reasoned says how long it thought, and says the same after a reload", async () => {
    const { page, errors, chat } = await open();
    await chat.send("/reason");
    const summary = page
      .getByRole("log", { name: "Messages" })
      .locator(".crayon-reasoning summary")
      .last();
    await summary.getByText("Thinking…").waitFor();
    await chat.waitForReplyEnd();
    // biome-ignore lint/performance/useDomNodeTextContent: what is rendered is what is compared
    const label = (await summary.innerText()).trim();
    expect(label).toMatch(/^Thought for \d+ s$/);
    await screenshot(page, "chat-reasoning-duration");

    // The thread is in the URL: a reload reopens it, with the duration kept in the message.
    await page.reload();
    await chat.lastReply().getByText("22 weekdays").first().waitFor();
    // biome-ignore lint/performance/useDomNodeTextContent: what is rendered is what is compared
    await expect(summary.innerText().then((text) => text.trim())).resolves.toBe(label);
    await screenshot(page, "chat-reasoning-duration-after-reload");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("on a phone the bottom tray's launcher icon and the open tray are centred", async () => {
    const { page, errors } = await openPage(example.browser, `${url()}/?layout=bottom-tray`);
    await page.setViewportSize({ width: 390, height: 844 });
    const launcher = page.getByRole("button", { name: /^Open chat with / });
    await launcher.waitFor();
    /** Left and right gaps of `inner` inside `outer`, rounded to 0.1 px. */
    const gaps = (
      inner: { x: number; width: number },
      outer: { x: number; width: number },
    ): [number, number] => [
      Math.round((inner.x - outer.x) * 10) / 10,
      Math.round((outer.x + outer.width - inner.x - inner.width) * 10) / 10,
    ];
    const iconGaps = async (button: typeof launcher) => {
      const [icon, box] = await Promise.all([
        button.locator("svg").boundingBox(),
        button.boundingBox(),
      ]);
      return gaps(icon!, box!);
    };
    const [left, right] = await iconGaps(launcher);
    expect(Math.abs(left - right)).toBeLessThanOrEqual(1);
    await screenshot(page, "chat-tray-closed-phone");

    await launcher.click();
    const tray = page.getByRole("dialog", { name: /^Chat with / });
    await tray.getByRole("textbox", { name: "Message" }).waitFor();
    const viewport = { x: 0, width: await page.evaluate(() => window.innerWidth) };
    const [trayLeft, trayRight] = gaps((await tray.boundingBox())!, viewport);
    expect(trayLeft).toBeGreaterThan(0);
    expect(Math.abs(trayLeft - trayRight)).toBeLessThanOrEqual(1);
    const close = page.getByRole("button", { name: /^Close chat with / });
    const [closeLeft, closeRight] = await iconGaps(close);
    expect(Math.abs(closeLeft - closeRight)).toBeLessThanOrEqual(1);
    await screenshot(page, "chat-tray-open-phone");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("inline code in a table cell stays on one line (no break at its hyphens) on a phone", async () => {
    const { page, errors, chat } = await open();
    await page.setViewportSize({ width: 390, height: 844 });
    // The demo agent quotes a message it does not know back as markdown: a table whose first
    // column holds a hyphenated identifier and whose second a sentence long enough to squeeze it.
    const identifier = "stream-resume-after-reload";
    await chat.input.fill(
      [
        "| Option | What it does |",
        "| --- | --- |",
        `| \`${identifier}\` | Reopens a reply that was still streaming when the page was reloaded, from where it stopped, without asking the model again |`,
      ].join("\n"),
    );
    await chat.input.press("Enter");
    await chat.stopButton.waitFor();
    await chat.waitForReplyEnd();
    const code = chat.lastReply().locator("td code").filter({ hasText: identifier });
    await code.waitFor();
    // One line box (an inline element has one client rect per line it spans), however narrow
    // the column got.
    await expect(code.evaluate((element) => element.getClientRects().length)).resolves.toBe(1);
    await screenshot(page, "chat-table-inline-code-phone");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("on a phone a long reply does not squeeze the example's toolbar", async () => {
    const { page, errors, chat } = await open();
    await page.setViewportSize({ width: 390, height: 844 });
    const toolbarHeight = async () => (await page.locator(".toolbar").boundingBox())!.height;
    const before = await toolbarHeight();
    await chat.ask("/markdown");
    await chat.waitForListAtEnd();
    expect(await toolbarHeight()).toBe(before);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("on a phone every toolbar control is on screen, and the page never scrolls sideways", async () => {
    const { page } = await open();
    await page.setViewportSize({ width: 390, height: 844 });
    for (const id of ["protocol-select", "layout-switcher", "inspector-toggle", "theme-toggle"]) {
      const box = (await page.getByTestId(id).boundingBox())!;
      expect(box.x, id).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, id).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await screenshot(page, "chat-toolbar-phone");
    await page.close();
  });

  for (const [device, viewport] of [
    ["desktop", { width: 1280, height: 800 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    it(`on a ${device} the search button never covers a message, whichever is at the top`, async () => {
      const { page, errors, chat } = await open();
      await page.setViewportSize(viewport);
      await chat.ask("Hi");
      await chat.ask(
        "Could you look through last month's orders and tell me which customers ordered more than twice, what they bought most often, and whether any of them asked for a refund afterwards?",
      );
      const searchButton = page.getByRole("button", { name: "Search this conversation" });
      const bubbles = page.getByRole("log", { name: "Messages" }).locator(".crayon-message__body");
      const overlaps = (
        a: { x: number; y: number; width: number; height: number },
        b: { x: number; y: number; width: number; height: number },
      ) =>
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      const sent = page.locator(".crayon-message--user .crayon-message__body");
      for (const [which, bubble] of [
        ["short", sent.first()],
        ["long", sent.last()],
      ] as const) {
        // The bubble's top edge at the top of the list's view, as when scrolling back up.
        await bubble.evaluate((element) => element.scrollIntoView({ block: "start" }));
        await page.waitForTimeout(200);
        await screenshot(page, `chat-search-button-${which}-message-at-top-${device}`);
        const button = (await searchButton.boundingBox())!;
        for (const box of await Promise.all((await bubbles.all()).map((b) => b.boundingBox()))) {
          if (box) expect(overlaps(button, box), `${which} message at the top`).toBe(false);
        }
      }
      // Still the way in: it opens the search, and Escape gives focus back to it.
      await searchButton.click();
      const searchbox = page.getByRole("searchbox", { name: "Search this conversation" });
      await searchbox.fill("orders");
      await screenshot(page, `chat-thread-search-open-${device}`);
      await searchbox.press("Escape");
      await expect(searchButton.evaluate((el) => el === document.activeElement)).resolves.toBe(
        true,
      );
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it("edits a sent message in a full-width field; Save sends it as a new version", async () => {
    const { page, errors, chat } = await open();
    await chat.ask("/help");
    const sent = page.locator(".crayon-message--user").last();
    await sent.hover();
    await sent.getByRole("button", { name: "Edit" }).click();
    const field = page.getByRole("textbox", { name: "Edited message" });
    await expect(field.inputValue()).resolves.toBe("/help");
    // As wide as the conversation, not a small box in the bubble.
    const editor = (await page.getByRole("form", { name: "Edit message" }).boundingBox())!;
    const list = (await page.locator(".crayon-message").first().boundingBox())!;
    expect(editor.width).toBeGreaterThan(list.width - 2);
    await screenshot(page, "chat-edit-message");

    await field.fill("/markdown");
    await page.getByRole("button", { name: "Save" }).click();
    await chat.stopButton.waitFor();
    await chat.waitForReplyEnd();
    await expect(page.getByText("1 / 2").or(page.getByText("2 / 2")).count()).resolves.toBe(1);
    expect(await chat.lastAssistantText()).toContain("Markdown");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("branches survive a reload: every version stays, and the one shown last opens", async () => {
    const { page, errors, chat } = await open();
    await chat.ask("branch check: apples");
    const sent = page.locator(".crayon-message--user").last();
    await sent.hover();
    await sent.getByRole("button", { name: "Edit" }).click();
    await page.getByRole("textbox", { name: "Edited message" }).fill("branch check: pears");
    await page.getByRole("button", { name: "Save" }).click();
    await chat.stopButton.waitFor();
    await chat.waitForReplyEnd();
    await page.getByText("2 / 2").waitFor();
    // Back to the first version: the one a reload must open on.
    await page.getByRole("button", { name: "Previous version" }).click();
    await page.getByText("1 / 2").waitFor();
    expect(await chat.lastAssistantText()).toContain("apples");

    await page.reload();
    await chat.thread("branch check: apples").click();
    await page.getByText("1 / 2").waitFor();
    await page.getByText("branch check: apples", { exact: true }).first().waitFor();
    expect(await chat.lastAssistantText()).toContain("apples");
    await page.getByRole("button", { name: "Next version" }).click();
    await page.getByText("2 / 2").waitFor();
    await page.getByText("branch check: pears", { exact: true }).first().waitFor();
    expect(await chat.lastAssistantText()).toContain("pears");
    await screenshot(page, "chat-branches-after-reload");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("copies a reply as markdown and reports Good / Bad response feedback", async () => {
    const { page, errors, chat } = await open();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    const ratings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "info" && message.text().startsWith("feedback")) {
        ratings.push(message.text());
      }
    });
    await chat.ask("/markdown");
    const reply = chat.lastReply();
    await reply.hover();
    await reply.getByRole("button", { name: "Copy", exact: true }).click();
    await reply.getByRole("button", { name: "Copied" }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    // The markdown source, not the rendered text.
    expect(copied).toMatch(/^#|\*\*|```/m);
    await reply.getByRole("button", { name: "Good response" }).click();
    await expect.poll(() => ratings.length, { timeout: 5_000 }).toBe(1);
    expect(JSON.parse(ratings[0]!.slice("feedback ".length))).toMatchObject({ rating: "up" });
    await expect(
      reply.getByRole("button", { name: "Good response" }).getAttribute("aria-pressed"),
    ).resolves.toBe("true");
    await screenshot(page, "chat-copy-feedback");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("attaches an image: previewed, sent, shown in the user's bubble and seen by the agent", async () => {
    const { page, errors, chat } = await open();
    // A real 2×2 PNG, so the browser decodes and shows it.
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
      "base64",
    );
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Attach files" }).click();
    await (await chooser).setFiles({ name: "pixels.png", mimeType: "image/png", buffer: png });
    const previews = page.getByRole("list", { name: "Attachments" });
    await previews.getByText("pixels.png").waitFor();
    await screenshot(page, "chat-attachment-preview");
    await chat.input.fill("What is in this picture?");
    await chat.input.press("Enter");
    const image = page
      .locator(".crayon-message--user")
      .last()
      .getByRole("img", { name: "pixels.png" });
    await image.waitFor();
    // Decoded by the browser: the bubble shows the picture, not a broken image.
    await expect(image.evaluate((img: HTMLImageElement) => img.naturalWidth)).resolves.toBe(2);
    await chat.waitForReplyEnd();
    expect(await chat.lastAssistantText()).toContain(`pixels.png (image, ${png.length} bytes)`);
    await expect(previews.count()).resolves.toBe(0);
    await screenshot(page, "chat-attachment-sent");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("an error reply keeps its partial text and offers Retry", async () => {
    const { page, errors, chat } = await open();
    await chat.send("/error");
    const retry = page.getByRole("button", { name: "Retry" });
    await retry.waitFor();
    expect(await chat.lastAssistantText()).toContain("North is up 4%");
    await expect(page.getByRole("alert").count()).resolves.toBeGreaterThan(0);
    await screenshot(page, "chat-error-retry");
    const replies = await chat.assistantMessages.count();
    await retry.click();
    await retry.waitFor();
    // The retried reply replaced the failed one on screen (the failed one is kept as a branch).
    expect(await chat.assistantMessages.count()).toBe(replies);
    await expect(page.getByText(/2\s*\/\s*2/).count()).resolves.toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("every protocol in the switcher produces the same conversation", async () => {
    const protocols = [
      "crayon",
      "ag-ui",
      "vercel",
      "openai",
      "open-responses",
      "plain-text",
      "text",
    ];
    const replies: Record<string, string> = {};
    for (const protocol of protocols) {
      const { page, errors, chat } = await open(`?protocol=${protocol}`);
      await chat.ask("/markdown");
      replies[protocol] = await chat.lastAssistantText();
      await screenshot(page, `chat-protocol-${protocol}`);
      expect(errors, protocol).toEqual([]);
      await page.close();
    }
    for (const protocol of protocols) expect(replies[protocol], protocol).toBe(replies.crayon);
    expect(replies.crayon?.length).toBeGreaterThan(100);
  });
});
