import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, noBrowser, openPage, screenshot } from "./browser";
import { ChatPage } from "./chatPage";
import { type ExampleServer, serveExample } from "./exampleServer";

// The agent console (examples/agent-console): the seed apps' scenarios on the demo agent.
describe.skipIf(noBrowser)("agent-console example", () => {
  let browser: Browser;
  let server: ExampleServer;

  beforeAll(async () => {
    server = await serveExample("agent-console", 4175);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  async function open() {
    const { page, errors } = await openPage(browser, server.url);
    const chat = new ChatPage(page);
    await chat.input.waitFor();
    return { page, errors, chat, runState: page.locator(".console-run-state") };
  }

  async function start(page: Page, name: string) {
    const button = page.getByRole("button", { name: new RegExp(`^Start ${name}`) });
    // Disabled until the thread list has loaded.
    await page.waitForFunction(
      (label) =>
        [...document.querySelectorAll("button")].some(
          (b) => b.textContent?.startsWith(label) && !b.disabled,
        ),
      `Start ${name}`,
    );
    await button.click();
  }

  it("workflow engine: trigger a workflow and watch every task finish", async () => {
    const { page, errors, chat } = await open();
    await start(page, "Workflow engine");
    await chat.waitForReplyEnd();
    const trigger = page.getByRole("button", { name: /^Trigger / }).first();
    await trigger.click();
    await chat.stopButton.waitFor();
    await screenshot(page, "console-workflow-running");
    await chat.waitForReplyEnd();
    const statuses = await page.locator(".crayon-message--assistant").last().textContent();
    expect(statuses).toMatch(/Completed/i);
    expect(statuses).not.toMatch(/Running/);
    await screenshot(page, "console-workflow-done");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("Workdeck: editing a finished card restarts it as a new revision", async () => {
    const { page, errors, chat } = await open();
    await start(page, "Workdeck");
    await chat.stopButton.waitFor();
    await chat.waitForReplyEnd();
    await screenshot(page, "console-workdeck-done");
    const edit = page.getByRole("button", { name: /^Edit / }).first();
    await edit.click();
    const field = page.getByRole("textbox", { name: "Instruction" });
    await field.fill("Summarise the findings in three bullet points.");
    await page.getByRole("button", { name: "Save and restart" }).click();
    await chat.stopButton.waitFor();
    await chat.waitForReplyEnd();
    await page.getByText("Revision 2").first().waitFor();
    await screenshot(page, "console-workdeck-restarted");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("CrevnClaw: approvals pause the run, and the readout adds up the spend", async () => {
    const { page, errors, chat, runState } = await open();
    await start(page, "CrevnClaw");
    const approve = page.getByRole("button", { name: "Approve", exact: true });
    for (let answered = 0; answered < 2; answered++) {
      await approve.waitFor({ timeout: 60_000 });
      expect(await runState.textContent()).toContain("Waiting for your approval");
      if (answered === 0) await screenshot(page, "console-crevnclaw-approval");
      await approve.click();
    }
    await chat.waitForReplyEnd();
    const cost = await page.locator(".console-usage").textContent();
    expect(cost).toMatch(/\$0\.0*[1-9]/);
    await screenshot(page, "console-crevnclaw-done");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("Cyrus: a failed step is retried, and Stop agent halts a run", async () => {
    const { page, errors, chat, runState } = await open();
    await start(page, "Cyrus");
    await chat.waitForReplyEnd();
    const run = await page.locator(".crayon-message--assistant").last().textContent();
    expect(run).toMatch(/attempt/i);
    await screenshot(page, "console-cyrus-done");

    await chat.newChat();
    await start(page, "Cyrus");
    await chat.stopButton.waitFor();
    await page.getByRole("button", { name: "Stop agent" }).click();
    await chat.waitForReplyEnd(10_000);
    expect(await runState.textContent()).toContain("Stopped");
    await screenshot(page, "console-cyrus-stopped");
    expect(errors).toEqual([]);
    await page.close();
  });
});
