import { describe, expect, it } from "vitest";
import { agentConsoleSuite } from "./agentConsolePage";
import { noBrowser, screenshot } from "./browser";

// The agent console (examples/agent-console): the seed apps' scenarios on the demo agent.
describe.skipIf(noBrowser)("agent-console example", () => {
  const { open, start } = agentConsoleSuite();

  it("workflow engine: a workflow's inputs are edited on its card, and the run uses them", async () => {
    const { page, errors, chat } = await open();
    await start(page, "Workflow engine");
    await chat.waitForReplyEnd();
    const card = page.locator(".demo-workflow").filter({ hasText: "icp-scoring" });
    const url = card.getByRole("textbox", { name: "company_url" });
    expect(await url.inputValue()).toBe("https://acme-robotics.example");
    await url.fill("https://globex-systems.example");
    expect(await card.textContent()).toContain("Default: https://acme-robotics.example");
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "console-workflow-inputs");
    await card.getByRole("button", { name: "Trigger icp-scoring" }).click();
    await chat.stopButton.waitFor();
    await screenshot(page, "console-workflow-running");
    await chat.waitForReplyEnd();
    const run = page.locator(".demo-activity").filter({ hasText: "icp-scoring v1 · run-1" });
    // biome-ignore lint/performance/useDomNodeTextContent: what is rendered is what is compared
    const text = await run.innerText();
    expect(text).toMatch(/Completed/);
    expect(text).not.toMatch(/Running/);
    // The edited value reached the run: its inputs, its log lines and its outputs.
    expect(await run.locator(".demo-kv").first().textContent()).toContain(
      "company_urlhttps://globex-systems.example",
    );
    expect(text).toContain("web_read https://globex-systems.example");
    expect(text).toContain("Globex Systems");
    // The closing reply concludes: it does not list the card's tasks again.
    const closing = await chat.lastAssistantText();
    expect(closing).toContain("Globex Systems is a qualified lead, and sales has it. Next:");
    expect(closing).not.toContain("Research Company");
    // Two agent tasks ran: two model calls.
    expect(await page.locator(".console-usage__calls").textContent()).toContain(
      "2 model calls in this run",
    );
    await screenshot(page, "console-workflow-done");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a reload mid-run reopens the running thread and follows its run, in the theme the user chose", async () => {
    const { page, errors, chat } = await open();
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await start(page, "Workflow engine");
    await chat.waitForReplyEnd();
    await page
      .getByRole("button", { name: /^Trigger / })
      .first()
      .click();
    await chat.stopButton.waitFor();
    await page.waitForFunction(() => new URL(location.href).searchParams.has("thread"));
    const thread = new URL(page.url()).searchParams.get("thread");

    await page.reload();
    expect(new URL(page.url()).searchParams.get("thread")).toBe(thread);
    await expect(page.locator(".console-app").getAttribute("data-crayon-theme")).resolves.toBe(
      "dark",
    );
    // The running thread, not the welcome screen: its run is followed to its end.
    await chat.stopButton.waitFor({ timeout: 10_000 });
    await chat.waitForReplyEnd();
    const statuses = await page.locator(".demo-activity").last().textContent();
    expect(statuses).toMatch(/Completed/i);
    expect(statuses).not.toMatch(/Running/);
    await screenshot(page, "console-reloaded-mid-run");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("workflow engine: a failing run says where and why, and Retry re-runs from the failed task", async () => {
    const { page, errors, chat } = await open();
    await start(page, "Workflow engine");
    await chat.waitForReplyEnd();
    await page.getByRole("button", { name: "Trigger lead-enrichment" }).click();
    const retry = page.getByRole("button", { name: "Retry from Enrich Firmographics" });
    await retry.waitFor({ timeout: 60_000 });
    await chat.waitForReplyEnd();
    const run = page.locator(".demo-activity").filter({ hasText: "lead-enrichment v2 · run-1" });
    const statuses = await run.locator(".demo-task .demo-status").allTextContents();
    expect(statuses).toEqual(["Completed", "Failed", "Not run", "Not run"]);
    expect(await run.locator(".demo-run-failure").textContent()).toContain(
      "Failed at task 2, Enrich Firmographics: clearbit_enrichCompany: HTTP 503",
    );
    expect(await run.locator(".demo-summary").textContent()).toContain(
      "Failed at task 2 of 4: Enrich Firmographics.",
    );
    await run.locator(".demo-run-failure").scrollIntoViewIfNeeded();
    await screenshot(page, "console-workflow-failed");

    await retry.click();
    await chat.stopButton.waitFor();
    await chat.waitForReplyEnd();
    const retried = page.locator(".demo-activity").filter({ hasText: "retry of run-1" });
    expect(await retried.locator(".demo-task .demo-status").allTextContents()).toEqual(
      Array(4).fill("Completed"),
    );
    // The task before the failed one kept its result; it did not run again.
    const first = retried.locator(".demo-task").first();
    expect(await first.textContent()).toContain("Result kept from run-1");
    expect(await first.textContent()).toContain("42 leads, 38 with a company domain.");
    await screenshot(page, "console-workflow-retried");
    expect(errors).toEqual([]);
    await page.close();
  });

  // The re-run happens on the board of an earlier turn while the edit's reply streams at the
  // end; the board may not be rendered then (the list is windowed): the demo card asks the list
  // to scroll to the board's message (useScrollToMessage), then to the card.
  it("Workdeck: an edited instruction changes the card's output, and the view follows the re-run", async () => {
    const { page, errors, chat } = await open();
    await start(page, "Workdeck");
    await chat.stopButton.waitFor();
    await chat.waitForReplyEnd();
    const card = (title: string) =>
      page
        .locator(".demo-task-card")
        .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
    const output = (title: string) => card(title).locator(".demo-task-card__output").textContent();
    expect(await output("Fetch temperatures")).toContain("365 daily highs for 2025");
    // Five agents ran: the run's spend is what they reported, not $0.
    expect(await page.locator('[data-scope="run"]').textContent()).toBe(
      "This run10,6003,227$0.0650",
    );
    await screenshot(page, "console-workdeck-done");

    await page.getByRole("button", { name: "Edit Fetch temperatures" }).click();
    await page
      .getByRole("textbox", { name: "Instruction" })
      .fill("Fetch 2024 daily low temperatures for San Francisco as CSV.");
    // Following the re-run scrolls the message list only: the page itself never moves.
    await page.evaluate(() => {
      const seen = window as unknown as { pageScrolled: number };
      seen.pageScrolled = 0;
      document.addEventListener(
        "scroll",
        () => {
          seen.pageScrolled = Math.max(seen.pageScrolled, document.scrollingElement!.scrollTop);
        },
        { capture: true },
      );
    });
    await page.getByRole("button", { name: "Save and restart" }).click();
    await card("Fetch temperatures").and(page.locator('[data-status="running"]')).waitFor();
    // The re-run happens on the board above the edit's reply: the view goes there.
    await page.waitForFunction(() => {
      const running = document.querySelector('.demo-task-card[data-status="running"]');
      const list = document.querySelector(".crayon-message-list__scroll");
      if (!running || !list) return false;
      const box = running.getBoundingClientRect();
      const view = list.getBoundingClientRect();
      return box.top >= view.top && box.bottom <= view.bottom;
    });
    await screenshot(page, "console-workdeck-rerun");
    await chat.waitForReplyEnd();
    await expect(
      page.evaluate(() => (window as unknown as { pageScrolled: number }).pageScrolled),
    ).resolves.toBe(0);
    expect(await output("Fetch temperatures")).toBe(
      "Output 366 daily lows for 2024, 3.8 °C to 15.6 °C (artifact temps-2024-lows.csv).",
    );
    expect(await output("Build the spreadsheet")).toContain("Sheet 'SF 2024 lows' with 366 rows");
    expect(await output("Describe the station")).toContain("Downtown SF, 45 m elevation");
    expect(await page.locator('[data-scope="run"]').textContent()).toBe(
      "This run8,8002,800$0.0596",
    );
    expect(await page.locator('[data-scope="thread"]').textContent()).toBe(
      "This thread19,4006,027$0.1246",
    );
    await screenshot(page, "console-workdeck-restarted");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("CrevnClaw: thoughts in sight while it works, approvals on one line, spend, STOP", async () => {
    const { page, errors, chat, runState } = await open();
    const usageTop = () =>
      page.locator("#console-usage-heading").evaluate((h) => h.getBoundingClientRect().top);
    const idleUsageTop = await usageTop();
    await start(page, "CrevnClaw");
    // The thought stream streams in the panel, inside the window.
    const thoughts = page.getByRole("log", { name: "Latest reasoning" });
    // Wait for streamed words (the empty box's placeholder is long too: it is not them), in
    // sight. Starting scrolls the panel back to its top smoothly, an animation that can still be
    // under way when the first words arrive: wait for it rather than measure one moment of it.
    await page.waitForFunction(() => {
      const box = document.querySelector('[aria-label="Latest reasoning"]');
      if (!box || box.classList.contains("console-thoughts--empty")) return false;
      if ((box.textContent ?? "").length <= 40) return false;
      const rect = box.getBoundingClientRect();
      return rect.top >= 0 && rect.bottom <= window.innerHeight;
    });
    await expect(thoughts.textContent()).resolves.not.toContain("No reasoning yet");
    expect(await page.locator(".console-thought-state").textContent()).toContain("Thinking");
    await screenshot(page, "console-crevnclaw-thinking");

    const approve = page.getByRole("button", { name: "Approve", exact: true });
    for (let answered = 0; answered < 2; answered++) {
      await approve.waitFor({ timeout: 60_000 });
      expect(await runState.textContent()).toBe("Waiting for your approval");
      // One line: the sections below it do not move.
      expect(await runState.evaluate((p) => p.getBoundingClientRect().height)).toBeLessThan(30);
      expect(await usageTop()).toBe(idleUsageTop);
      if (answered === 0) await screenshot(page, "console-crevnclaw-approval");
      await approve.click();
    }
    await chat.waitForReplyEnd();
    // The run spans both approvals: four model turns, as the summary adds them up.
    const summary = await chat.lastAssistantText();
    expect(summary).toContain("Spend for this run: 8,430 tokens in, 800 out, $0.0373");
    expect(await page.locator('[data-scope="run"]').textContent()).toBe("This run8,430800$0.0373");
    expect(await page.locator(".console-budget").textContent()).toContain(
      "1% of the $2.00 daily limit",
    );
    await screenshot(page, "console-crevnclaw-done");

    // STOP while the sandbox command runs: its card says Running, then Stopped.
    await chat.newChat();
    await start(page, "CrevnClaw");
    const sandbox = page.locator(".demo-activity").filter({ hasText: "sandbox_exec on sandbox" });
    await sandbox.waitFor({ timeout: 60_000 });
    // The card says Preparing while its arguments stream, then Running while the command runs.
    await sandbox
      .locator(".demo-status")
      .filter({ hasText: /^Running$/ })
      .waitFor({ timeout: 10_000 });
    await page.getByRole("button", { name: "Stop agent" }).click();
    await chat.waitForReplyEnd(10_000);
    expect(await sandbox.locator(".demo-status").textContent()).toBe("Stopped");
    expect(await runState.textContent()).toBe("Stopped");
    // Today adds both threads; this thread only its first turn.
    expect(await page.locator('[data-scope="thread"]').textContent()).toBe(
      "This thread1,820164$0.0079",
    );
    expect(await page.locator('[data-scope="today"]').textContent()).toBe("Today10,250964$0.0452");
    await screenshot(page, "console-crevnclaw-stopped");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("Cyrus: a failed step is retried, and Stop agent halts a run", async () => {
    const { page, errors, chat, runState } = await open();
    await start(page, "Cyrus");
    await chat.waitForReplyEnd();
    // Six attempts in all, each a model call with its tokens and cost.
    expect(await page.locator(".console-usage__calls").textContent()).toContain(
      "6 model calls in this run",
    );
    await page.locator(".console-calls summary").click();
    expect(await page.locator(".console-calls__table tbody tr").allTextContents()).toHaveLength(6);
    expect(await chat.lastAssistantText()).toContain("PR #318 is ready for review.");
    await screenshot(page, "console-cyrus-done");

    await chat.newChat();
    await start(page, "Cyrus");
    const card = page.locator(".demo-activity").filter({ hasText: "full-development" });
    await card.locator(".demo-step").first().filter({ hasText: "Succeeded" }).waitFor();
    await page.getByRole("button", { name: "Stop agent" }).click();
    await chat.waitForReplyEnd(10_000);
    expect(await runState.textContent()).toContain("Stopped");
    // The reply's Stopped and Regenerate come after its card, not between its text and card.
    const stopped = page.locator(".crayon-status", { hasText: "Stopped" });
    const regenerate = page.getByRole("button", { name: "Regenerate" });
    const below = async (locator: typeof stopped) =>
      (await locator.boundingBox())!.y > (await card.boundingBox())!.y + 50;
    expect(await below(stopped)).toBe(true);
    expect(await below(regenerate)).toBe(true);
    await screenshot(page, "console-cyrus-stopped");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("theme toggle says what it does, and the composer has one focus ring", async () => {
    const { page, errors, chat } = await open();
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await page.getByRole("button", { name: "Switch to light theme" }).waitFor();
    expect(await page.locator(".console-app").getAttribute("data-crayon-theme")).toBe("dark");
    await chat.input.focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    // The composer's row draws the ring; the text field inside it draws none.
    const rings = await page.evaluate(() =>
      [".crayon-composer__row", ".crayon-composer__input"].map(
        (selector) => getComputedStyle(document.querySelector(selector)!).boxShadow !== "none",
      ),
    );
    expect(rings).toEqual([true, false]);
    await screenshot(page, "console-dark-composer-focus");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("phone: Cyrus steps keep name and status on a line, and finished steps give their outcome", async () => {
    const { page, errors, chat } = await open({ width: 390, height: 844 });
    await chat.send("/cyrus");
    await chat.stopButton.waitFor();
    await chat.waitForReplyEnd();
    const steps = page.locator(".demo-step");
    expect(await steps.count()).toBe(5);
    const layout = await steps.evaluateAll((items) =>
      items.map((step) => {
        const box = (selector: string) => step.querySelector(selector)!.getBoundingClientRect();
        const [name, status, meta, model, time] = [
          box(".demo-step__name"),
          box(".demo-step__head > .demo-status"),
          box(".demo-step__meta"),
          box(".demo-step__meta .demo-model"),
          box(".demo-step__time"),
        ];
        const middle = (r: DOMRect) => r.top + r.height / 2;
        return {
          nameBesideStatus: Math.abs(middle(name) - middle(status)) < 6,
          metaBelow: meta.top >= Math.max(name.bottom, status.bottom) - 1,
          // The time ends the model's line; it never wraps onto a line of its own.
          timeBesideModel: Math.abs(middle(time) - middle(model)) < 6 && time.height < 24,
          fits: step.scrollWidth <= step.clientWidth,
        };
      }),
    );
    for (const step of layout) {
      expect(step).toEqual({
        nameBesideStatus: true,
        metaBelow: true,
        timeBesideModel: true,
        fits: true,
      });
    }
    // The card's title does not break inside the issue id (at "CYR-").
    const title = page.locator(".demo-activity__title").filter({ hasText: "CYR-142" }).last();
    const idLines = await title
      .locator(".demo-nowrap")
      .evaluate((id) => id.getClientRects().length);
    expect(idLines).toBe(1);
    const verify = steps.filter({ hasText: "verifications" });
    const head = await verify.locator(".demo-step__meta").textContent();
    expect(head).toBe("Model: sonnetSucceeded on attempt 2Time: 2 min 50 s");
    await verify.scrollIntoViewIfNeeded();
    await screenshot(page, "console-phone-cyrus");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("phone: a started run is watched in the chat, its thoughts above it; a failed run reads well", async () => {
    const { page, errors } = await open({ width: 390, height: 844 });
    await start(page, "CrevnClaw");
    const strip = page.locator(".console-live-thought");
    await strip.waitFor();
    await page.waitForFunction(
      () => (document.querySelector(".console-live-thought__text")?.textContent ?? "").length > 40,
    );
    // Started from the panel below the chat, the page goes to the chat, strip included.
    await page.waitForFunction(() => {
      const box = document.querySelector(".console-live-thought")?.getBoundingClientRect();
      return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight;
    });
    await screenshot(page, "console-phone-crevnclaw-thinking");
    await page.getByRole("button", { name: "Approve", exact: true }).waitFor({ timeout: 60_000 });
    expect(await strip.count()).toBe(0);
    await screenshot(page, "console-phone-crevnclaw-approval");

    await page.close();

    const second = await open({ width: 390, height: 844 });
    // A workflow's inputs fit the card on a phone.
    await second.chat.ask("/workflow");
    const card = second.page.locator(".demo-workflow").filter({ hasText: "icp-scoring" });
    await card.scrollIntoViewIfNeeded();
    expect(await card.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await screenshot(second.page, "console-phone-workflow-inputs");
    await second.chat.send("/workflow run lead-enrichment");
    await second.page
      .getByRole("button", { name: "Retry from Enrich Firmographics" })
      .waitFor({ timeout: 60_000 });
    await second.chat.waitForReplyEnd();
    await second.page.locator(".demo-run-failure").scrollIntoViewIfNeeded();
    await screenshot(second.page, "console-phone-workflow-failed");
    expect([...errors, ...second.errors]).toEqual([]);
    await second.page.close();
  });
});
