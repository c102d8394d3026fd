import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { noBrowser, openPage, screenshot } from "./browser";
import { ChatPage } from "./chatPage";
import { exampleSuite } from "./exampleSuite";

// The chat example's inspector (its toolbar's toggle) on every protocol of the switcher: one
// reply's HTTP request and response, its wire frames as the adapter read them beside the Crayon
// events they became, and the reply as the model holds it; then a reply copied as a fixture.

const protocols = [
  { protocol: "crayon", endpoint: "/api/chat?protocol=crayon", frame: "text" },
  { protocol: "ag-ui", endpoint: "/api/chat?protocol=ag-ui", frame: "message" },
  { protocol: "vercel", endpoint: "/api/chat?protocol=vercel", frame: "message" },
  { protocol: "openai", endpoint: "/api/openai/chat/completions", frame: "message" },
  { protocol: "open-responses", endpoint: "/api/openai/responses", frame: "response." },
  { protocol: "plain-text", endpoint: "/api/chat?protocol=plain-text", frame: "message" },
  { protocol: "text", endpoint: "/api/chat?protocol=text", frame: "text" },
] as const;

/** The inspector's parts, by what a user sees: labelled sections and lists. */
function inspector(page: Page) {
  const root = page.getByRole("region", { name: "Inspector" });
  return {
    root,
    request: root.getByRole("region", { name: "Request" }),
    response: root.getByRole("region", { name: "Response" }),
    wire: root.getByRole("list", { name: "Wire frames" }),
    events: root.getByRole("list", { name: "Crayon events" }),
    after: root.getByRole("region", { name: "Reply after" }),
  };
}

describe.skipIf(noBrowser)("chat example: the inspector shows the wire and the model", () => {
  const example = exampleSuite("chat");

  it.each(protocols)(
    "$protocol: request, response, wire frames, events and the reply",
    async ({ protocol, endpoint, frame }) => {
      const { page, errors } = await openPage(
        example.browser,
        `${example.url}/?protocol=${protocol}`,
      );
      const chat = new ChatPage(page);
      await chat.input.waitFor();
      await page.getByTestId("inspector-toggle").click();
      const view = inspector(page);
      await view.root.getByText("No reply yet", { exact: false }).waitFor();

      await chat.ask("/help");
      await view.root.getByText("complete", { exact: true }).first().waitFor();
      await expect(view.request.textContent()).resolves.toContain(`POST ${endpoint}`);
      await expect(view.response.textContent()).resolves.toMatch(/^Response200/);
      // The wire as the protocol writes it, and the Crayon events it became.
      await expect(view.wire.getByRole("listitem").count()).resolves.toBeGreaterThan(1);
      await expect(view.wire.textContent()).resolves.toContain(frame);
      await expect(
        view.events.getByText("text-delta", { exact: true }).count(),
      ).resolves.toBeGreaterThan(0);
      // The model: the reply's message, with the text the chat shows.
      // (the chat's text starts with the message's label, "Assistant:", on a line of its own).
      const [, first] = (await chat.lastAssistantText()).split(/\n+/);
      const after = await view.after.textContent();
      expect(after).toContain('"role": "assistant"');
      expect(after).toContain(first!.slice(0, 12));
      await screenshot(page, `chat-inspector-${protocol}`);
      if (protocol === "crayon") {
        await view.wire.scrollIntoViewIfNeeded();
        await screenshot(page, "chat-inspector-crayon-wire");
      }
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it("copies a reply as a fixture, filters, searches, pauses and clears; fits a phone", async () => {
    const context = await example.browser.newContext({
      viewport: { width: 390, height: 844 },
      permissions: ["clipboard-read", "clipboard-write"],
    });
    const page = await context.newPage();
    await page.goto(`${example.url}/?protocol=ag-ui&inspector=1`);
    const chat = new ChatPage(page);
    const view = inspector(page);
    await chat.input.waitFor();
    await view.root.waitFor();
    await chat.ask("/markdown");
    await view.root.getByText("complete", { exact: true }).first().waitFor();
    await screenshot(page, "chat-inspector-phone");
    await view.wire.scrollIntoViewIfNeeded();
    await screenshot(page, "chat-inspector-phone-wire");

    await view.root.getByRole("button", { name: "Copy as fixture" }).click();
    await view.root.getByText("Fixture copied", { exact: false }).waitFor();
    const fixture = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    expect(fixture).toMatchObject({
      format: "crayon-reply-fixture@1",
      expected: { outcome: "complete" },
    });
    expect(fixture.wire.length).toBeGreaterThan(1);
    expect(fixture.http.url).toBe("/api/chat?protocol=ag-ui");

    // Keyboard: the filters are checkboxes, the search a search box.
    await view.root.getByRole("checkbox", { name: "Wire" }).press("Space");
    await expect(view.wire.count()).resolves.toBe(0);
    await view.root.getByRole("searchbox", { name: "Search" }).fill("zzz-nothing");
    await view.root.getByText("Nothing matches.").waitFor();
    await view.root.getByRole("button", { name: "Pause" }).click();
    await view.root.getByRole("button", { name: "Clear" }).click();
    await view.root.getByText("Paused.").waitFor();
    await context.close();
  });
});
