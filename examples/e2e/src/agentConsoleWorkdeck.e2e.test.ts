import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { agentConsoleSuite } from "./agentConsolePage";
import { axeViolations } from "./axe";
import { noBrowser, screenshot } from "./browser";
import type { ChatPage } from "./chatPage";

const PHONE = { width: 390, height: 844 };
const REVENUE = "Compare Q3 revenue with Q2 and with Q3 last year, by region, in USD.";
const ECB =
  "Fetch the average EUR→USD and JPY→USD rates for Q3 2025, Q2 2025 and Q3 2024 from the ECB reference rates.";

// The agent console's Workdeck (examples/agent-console): prompts picked by the scripted planner,
// its landing page of actions, and a failed task fixed by editing it.
describe.skipIf(noBrowser)("agent-console Workdeck", () => {
  const { open } = agentConsoleSuite();

  const card = (page: Page, title: string) =>
    page
      .locator(".demo-task-card")
      .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
  const actionCard = (page: Page, title: string) =>
    page.locator(".console-action").filter({ hasText: title });

  /** Opens the landing page from the side panel, once the thread list has loaded. */
  async function showActions(page: Page) {
    await page.getByRole("button", { name: "Your Workdeck actions" }).click();
    await page.getByRole("heading", { name: "Your actions", level: 2 }).waitFor();
    await page.waitForFunction(
      () => !document.querySelector(".console-actions__count")?.textContent?.startsWith("Loading"),
    );
  }

  /** Creates an action from the landing page and waits for its run to end. */
  async function createAction(page: Page, chat: ChatPage, prompt: string, shot?: string) {
    await page.getByRole("button", { name: "New action" }).click();
    await page.getByRole("textbox", { name: "What should the action do?" }).fill(prompt);
    if (shot) await screenshot(page, shot);
    await page.getByRole("button", { name: "Create and run" }).click();
    await chat.stopButton.waitFor();
    await chat.waitForReplyEnd();
  }

  it("a prompt picks its plan, and a prompt no plan knows gets an honest note", async () => {
    const { page, errors, chat } = await open();
    await chat.ask("/workdeck Research our competitors' pricing and size the BI market");
    const board = page.locator(".demo-activity").last();
    expect(await board.locator(".demo-activity__title").textContent()).toBe("Competitor research");
    expect(await board.locator(".demo-task-card h4").allTextContents()).toEqual([
      "Research Acme Analytics",
      "Research Nimbus BI",
      "Research Quarry Data",
      "Estimate the market size",
      "Build the comparison table",
      "Write the market brief",
    ]);
    expect(await board.locator(".demo-summary").textContent()).toBe("6 of 6 tasks completed.");

    await chat.newChat();
    await chat.ask("/workdeck Write a haiku about cats");
    expect(await page.locator(".demo-task-card").count()).toBe(0);
    const note = await chat.lastAssistantText();
    expect(note).toContain("Nothing was planned for “Write a haiku about cats”");
    expect(note).toContain("scripted, not a model");
    expect(note).toContain(`/workdeck ${REVENUE}`);
    await screenshot(page, "console-workdeck-no-plan");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a task fails for good, the user edits it, and the run restarts from it to completion", async () => {
    const { page, errors, chat } = await open();
    await showActions(page);
    // The first test's actions: one that ran, one whose prompt no plan knows.
    expect(await actionCard(page, "Competitor research").getAttribute("data-status")).toBe(
      "completed",
    );
    expect(await actionCard(page, "Write a haiku about cats").textContent()).toContain(
      "Not planned",
    );
    await screenshot(page, "console-workdeck-landing");
    expect(await axeViolations(page, ".console-actions")).toEqual([]);

    await createAction(page, chat, REVENUE, "console-workdeck-new-action");
    const fx = card(page, "Fetch exchange rates");
    expect(await fx.getAttribute("data-status")).toBe("failed");
    expect(await fx.locator(".demo-task-card__error").textContent()).toContain(
      "fx-rates.example did not answer within 30 s (network timeout) on all 3 attempts.",
    );
    expect(await fx.locator(".demo-task-card__attempts").textContent()).toBe(
      "Failed after 3 attempts",
    );
    for (const title of ["Convert to USD", "Chart the comparison", "Write the summary"]) {
      expect(await card(page, title).getAttribute("data-status")).toBe("blocked");
    }
    expect(await page.locator(".demo-summary").last().textContent()).toBe(
      "2 of 6 tasks completed, 1 failed, 3 blocked.",
    );
    // The log says what happened, retries included.
    await fx.getByRole("button", { name: /^Log of Fetch exchange rates/ }).click();
    const log = fx.getByRole("list", { name: "Fetch exchange rates log" });
    const lines = await log.locator("li").allTextContents();
    expect(lines.filter((line) => line.includes("retrying (")).length).toBe(2);
    expect(lines.at(-1)).toContain("ErrorFailed for good: fx-rates.example");
    const q3Output = await card(page, "Pull Q3 revenue")
      .locator(".demo-task-card__output")
      .textContent();
    await fx.scrollIntoViewIfNeeded();
    await screenshot(page, "console-workdeck-failed");
    expect(await axeViolations(page, ".demo-task-grid")).toEqual([]);

    // Restarted as it is, it runs again and, its source still down, fails again.
    await page.getByRole("button", { name: "Restart Fetch exchange rates" }).click();
    await chat.stopButton.waitFor();
    await chat.waitForReplyEnd();
    const restartedLines = await log.locator("li").allTextContents();
    expect(
      restartedLines.some((line) => line.includes("Restarted with the same instruction")),
    ).toBe(true);
    expect(await fx.getAttribute("data-status")).toBe("failed");
    expect(await fx.locator(".demo-task-card__meta").textContent()).not.toContain("Revision");

    await page.getByRole("button", { name: "Edit Fetch exchange rates" }).click();
    await page.getByRole("textbox", { name: "Instruction" }).fill(ECB);
    await page.getByRole("button", { name: "Save and restart" }).click();
    await chat.stopButton.waitFor();
    await chat.waitForReplyEnd();
    expect(await page.locator(".demo-summary").last().textContent()).toBe(
      "6 of 6 tasks completed.",
    );
    expect(await fx.locator(".demo-task-card__output").textContent()).toContain(
      "Quarterly averages from ECB reference rates",
    );
    expect(
      await card(page, "Convert to USD").locator(".demo-task-card__output").textContent(),
    ).toContain("at ECB reference rates");
    // The finished independent task kept its output and did not run again.
    expect(
      await card(page, "Pull Q3 revenue").locator(".demo-task-card__output").textContent(),
    ).toBe(q3Output);
    expect(await card(page, "Pull Q3 revenue").locator(".demo-task-card__attempts").count()).toBe(
      0,
    );
    expect(await chat.lastAssistantText()).toContain("re-ran 4 tasks, kept 2.");
    await fx.scrollIntoViewIfNeeded();
    await screenshot(page, "console-workdeck-fixed");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await screenshot(page, "console-workdeck-fixed-dark");

    // The landing page has it done, and opens it again.
    await page.getByRole("button", { name: "All actions" }).click();
    const revenue = actionCard(page, "Q3 revenue comparison");
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll(".console-action")]
          .find((c) => c.textContent?.includes("Q3 revenue comparison"))
          ?.getAttribute("data-status") === "completed",
    );
    expect(await revenue.textContent()).toContain("6 of 6 tasks completed");
    await screenshot(page, "console-workdeck-landing-dark");
    expect(await axeViolations(page, ".console-actions")).toEqual([]);
    await revenue.getByRole("button", { name: "Q3 revenue comparison" }).click();
    await fx.waitFor();
    expect(new URL(page.url()).searchParams.has("view")).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("phone: the landing page, and a failed task fixed, in light and dark", async () => {
    for (const mode of ["light", "dark"] as const) {
      const { page, errors, chat } = await open(PHONE);
      if (mode === "dark") await page.getByRole("button", { name: "Switch to dark theme" }).click();
      await showActions(page);
      // Opened from the panel below, the page goes up to the landing page.
      await page.waitForFunction(
        () => (document.querySelector(".console-actions")?.getBoundingClientRect().top ?? -1) >= -1,
      );
      await screenshot(page, `console-phone-workdeck-landing-${mode}`);
      expect(await axeViolations(page, ".console-actions")).toEqual([]);
      await createAction(page, chat, REVENUE);
      const fx = card(page, "Fetch exchange rates");
      await fx.scrollIntoViewIfNeeded();
      await screenshot(page, `console-phone-workdeck-failed-${mode}`);
      expect(await axeViolations(page, ".demo-task-grid")).toEqual([]);
      await page.getByRole("button", { name: "Edit Fetch exchange rates" }).click();
      await page.getByRole("textbox", { name: "Instruction" }).fill(ECB);
      await page.getByRole("button", { name: "Save and restart" }).click();
      await chat.stopButton.waitFor();
      await chat.waitForReplyEnd();
      expect(await fx.getAttribute("data-status")).toBe("completed");
      await fx.scrollIntoViewIfNeeded();
      await screenshot(page, `console-phone-workdeck-fixed-${mode}`);
      // Nothing wider than the phone.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
