import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { noBrowser, openPage, screenshot } from "./browser";
import { ChatPage } from "./chatPage";
import { exampleSuite } from "./exampleSuite";

// The chat example over OpenAI Responses (the demo agent's `open-responses` protocol, read by
// openResponsesBackend): what a Responses stream carries that Chat Completions does not, as the
// user sees it: reasoning, an approval asked as a remote MCP server asks it, an error, and the
// tools the server runs itself as cards that move while they work.

/** The Responses request bodies the page posts. */
function recordRequests(page: Page): any[] {
  const sent: any[] = [];
  page.on("request", (request) => {
    if (request.method() !== "POST") return;
    if (new URL(request.url()).pathname === "/api/openai/responses") {
      sent.push(request.postDataJSON());
    }
  });
  return sent;
}

describe.skipIf(noBrowser)("chat example over OpenAI Responses", () => {
  const example = exampleSuite("chat");

  async function open() {
    const { page, errors } = await openPage(
      example.browser,
      `${example.url}/?protocol=open-responses`,
    );
    const sent = recordRequests(page);
    const chat = new ChatPage(page);
    await chat.input.waitFor();
    return { page, errors, chat, sent };
  }

  it("/reason: the reasoning streams as a summary, then the answer", async () => {
    const { page, errors, chat, sent } = await open();
    await chat.send("/reason");
    const summary = page
      .getByRole("log", { name: "Messages" })
      .locator(".crayon-reasoning summary")
      .last();
    await summary.getByText("Thinking…").waitFor();
    await chat.waitForReplyEnd();
    // biome-ignore lint/performance/useDomNodeTextContent: what is rendered is what is compared
    await expect(summary.innerText().then((text) => text.trim())).resolves.toMatch(
      /^Thought for \d+ s$/,
    );
    expect(await chat.lastAssistantText()).toContain("22 weekdays");
    await screenshot(page, "open-responses-reasoning");
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ model: "demo", stream: true, input: [{ role: "user" }] });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("/tool Paris reads as one reply: the browser runs get_weather between two requests", async () => {
    const { page, errors, chat, sent } = await open();
    await chat.ask("/tool Paris");
    const reply = chat.lastReply();
    await reply.getByRole("region", { name: "Weather in Paris" }).waitFor();
    await expect(reply.getByText("Let me check the weather in Paris.").count()).resolves.toBe(1);
    expect(await chat.lastAssistantText()).toContain("in Paris:");
    await expect(reply.locator(".crayon-message-controls").count()).resolves.toBe(1);
    await screenshot(page, "open-responses-tool-one-reply");
    // The call went to the browser as a function_call; its output came back as an item.
    expect(sent).toHaveLength(2);
    const [call, output] = sent[1].input.slice(-2);
    expect(call).toMatchObject({ type: "function_call", name: "get_weather" });
    expect(output).toMatchObject({ type: "function_call_output", call_id: call.call_id });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("/approve asks as a remote MCP server does; Approve runs the call, shown as its MCP card", async () => {
    const { page, errors, chat, sent } = await open();
    await chat.send("/approve");
    const approve = chat.messages.getByRole("button", { name: "Approve", exact: true });
    await approve.waitFor();
    // The server listed its tools before asking.
    await page.locator(".crayon-hosted-tool", { hasText: "MCP tools · demo" }).waitFor();
    await screenshot(page, "open-responses-approval-asked");
    await approve.click();
    await chat.waitForReplyEnd();
    expect(await chat.lastAssistantText()).toContain('Done: "Release review" is on the');
    const call = page.locator(".crayon-hosted-tool", { hasText: "demo · schedule_meeting" });
    await expect(call.locator(".crayon-tool-call__state").textContent()).resolves.toBe("Done");
    await call.locator("summary").click();
    await call.getByText('"calendar": "Team"').waitFor();
    await screenshot(page, "open-responses-approval-approved");
    const input = sent.at(-1).input;
    expect(input.at(-1)).toEqual({
      type: "mcp_approval_response",
      approval_request_id: input.at(-2).id,
      approve: true,
    });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("/error keeps its partial text and offers Retry", async () => {
    const { page, errors, chat } = await open();
    await chat.send("/error");
    await page.getByRole("button", { name: "Retry" }).waitFor();
    expect(await chat.lastAssistantText()).toContain("North is up 4%");
    await expect(page.getByRole("alert").count()).resolves.toBeGreaterThan(0);
    await expect(
      page.getByText("The data source stopped responding", { exact: false }).count(),
    ).resolves.toBeGreaterThan(0);
    await screenshot(page, "open-responses-error");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("/hosted shows the tools the server ran as cards: the search with its pages, the code with its output, the image", async () => {
    const { page, errors, chat } = await open();
    await chat.send("/hosted");
    // The image card shows each partial image while the server generates (polled often: a
    // partial image shows for a moment only).
    await page.waitForFunction(
      () => document.querySelector('.crayon-hosted-tool img[alt="Image being generated"]'),
      undefined,
      { timeout: 30_000, polling: 50 },
    );
    await screenshot(page, "open-responses-hosted-partial-image");
    await chat.waitForReplyEnd();
    const log = page.getByRole("log", { name: "Messages" });

    const card = (title: string) => log.locator(".crayon-hosted-tool", { hasText: title });
    const state = (title: string) =>
      card(title).locator(".crayon-tool-call__state").first().textContent();
    await expect(state("Web search")).resolves.toBe("Done");
    await expect(state("Code interpreter")).resolves.toBe("Done");
    await expect(state("Image generation")).resolves.toBe("Done");

    // The answer cites the pages the search read.
    await log.getByText("Server-sent events (MDN)").first().waitFor();
    await card("Web search").locator("summary").click();
    await card("Web search").getByText("how chat APIs stream replies").first().waitFor();

    // The code as it ran, and what it printed.
    await card("Code interpreter").locator("summary").click();
    await card("Code interpreter").getByText("latencies_ms = [112, 98, 143, 87, 131]").waitFor();
    await card("Code interpreter").getByText("mean 114.2 ms").waitFor();
    await log.locator(".crayon-message--assistant", { hasText: "114.2 ms on average" }).waitFor();

    // The picture, decoded by the browser (96 px wide), named by the prompt the server used.
    const image = card("Image generation").getByRole("img", {
      name: "A sun over green hills, in flat colours",
    });
    await expect(image.evaluate((img: HTMLImageElement) => img.naturalWidth)).resolves.toBe(96);
    await chat.waitForListAtEnd();
    await screenshot(page, "open-responses-hosted-tools");

    // Saved as shown: a reload opens the same cards.
    await page.reload();
    await card("Image generation").getByRole("img").first().waitFor();
    await expect(state("Web search")).resolves.toBe("Done");
    await expect(state("Code interpreter")).resolves.toBe("Done");
    expect(errors).toEqual([]);
    await page.close();
  });
});
