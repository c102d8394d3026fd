import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { agentConsoleSuite } from "./agentConsolePage";
import { noBrowser, screenshot } from "./browser";

/** The live dots: a card's Running badge and the panel's run status. */
const DOTS = [
  ".demo-activity .demo-status--active .demo-status__dot",
  ".console-run-state .demo-live-dot",
];

/**
 * Samples each live dot over one animation cycle: its opacity, and the contrast of its colour
 * against the background it sits on (the nearest ancestor with an opaque one).
 */
function sampleDots(page: Page) {
  return page.evaluate(async (selectors) => {
    const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = (color: string) => {
      const [r = 0, g = 0, b = 0] = rgb(color).map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const backdrop = (element: Element) => {
      let behind = element.parentElement;
      while (
        behind?.parentElement &&
        (rgb(getComputedStyle(behind).backgroundColor)[3] ?? 1) === 0
      ) {
        behind = behind.parentElement;
      }
      return behind!;
    };
    const samples: { dot: string; opacity: number; contrast: number }[] = [];
    for (let i = 0; i < 8; i++) {
      for (const selector of selectors) {
        const dot = document.querySelector(selector);
        if (!dot) throw new Error(`no ${selector}`);
        const style = getComputedStyle(dot);
        const [light = 0, dark = 0] = [
          luminance(style.backgroundColor),
          luminance(getComputedStyle(backdrop(dot)).backgroundColor),
        ].sort((a, b) => b - a);
        const contrast = (light + 0.05) / (dark + 0.05);
        samples.push({ dot: selector, opacity: Number(style.opacity), contrast });
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return samples;
  }, DOTS);
}

// The console's side panel and its live parts: the Running dot, and CrevnClaw's circuit breaker.
describe.skipIf(noBrowser)("agent-console panel", () => {
  const { open, start } = agentConsoleSuite();

  it("the Running dot stays clearly visible in dark and light, and holds still with reduced motion", async () => {
    const { page, errors, chat } = await open();
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await start(page, "Cyrus");
    await page.locator(DOTS[0]!).first().waitFor();
    for (const theme of ["dark", "light"]) {
      const samples = await sampleDots(page);
      expect(samples).toHaveLength(16);
      for (const sample of samples) {
        expect(sample.opacity).toBe(1);
        expect(sample.contrast).toBeGreaterThanOrEqual(3);
      }
      await screenshot(page, `console-${theme}-running-dot`);
      if (theme === "dark")
        await page.getByRole("button", { name: "Switch to light theme" }).click();
    }
    await page.emulateMedia({ reducedMotion: "reduce" });
    for (const selector of DOTS) {
      const dot = page.locator(selector).first();
      expect(await dot.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
    }
    await page.getByRole("button", { name: "Stop agent" }).click();
    await chat.waitForReplyEnd(10_000);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("circuit breaker: past the daily limit the agent is stopped and held back until the limit is raised", async () => {
    const { page, errors, chat, runState } = await open();
    const breaker = page.locator(".console-breaker");
    const alert = breaker.getByRole("alert");
    const limit = breaker.getByRole("spinbutton", { name: "Daily limit" });
    await limit.fill("0.30");
    await start(page, "Cyrus");
    // Planning, on opus, costs more than $0.30: the breaker trips while the run goes on.
    await alert.filter({ hasText: "is over the $0.30 daily limit" }).waitFor({ timeout: 60_000 });
    await chat.waitForReplyEnd(10_000);
    expect(await runState.textContent()).toBe("Stopped");
    expect(await breaker.getAttribute("data-tripped")).toBe("true");
    expect(await alert.textContent()).toContain("The circuit breaker stopped the agent");
    const card = page.locator(".demo-activity").filter({ hasText: "full-development" });
    expect(await card.locator(".demo-activity__header .demo-status").textContent()).toBe("Stopped");
    // The spend chart shows the run, and that it tripped the breaker.
    expect(await breaker.locator("table.console-spend tbody tr").textContent()).toMatch(
      /^\/cyrus\$0\.37\d\dTripped the breaker$/,
    );
    expect(await page.getByRole("button", { name: /^Start CrevnClaw/ }).isDisabled()).toBe(true);
    await breaker.scrollIntoViewIfNeeded();
    await screenshot(page, "console-breaker-tripped");

    // From the composer, the request never reaches the agent, and the chat says why.
    await chat.send("/crevnclaw");
    const refused = page.getByText("the circuit breaker holds the agent back. Raise the limit");
    await refused.first().waitFor();
    await refused.first().scrollIntoViewIfNeeded();
    await screenshot(page, "console-breaker-refused");

    // A higher limit re-arms the breaker, and a run starts again.
    await limit.fill("5");
    await page.waitForFunction(() => !document.querySelector(".console-breaker[data-tripped]"));
    expect(await alert.textContent()).toBe("");
    await start(page, "CrevnClaw");
    await page.getByRole("button", { name: "Approve", exact: true }).waitFor({ timeout: 60_000 });
    expect(await breaker.locator("table.console-spend tbody tr").count()).toBe(2);
    await breaker.scrollIntoViewIfNeeded();
    await screenshot(page, "console-breaker-rearmed");
    expect(errors).toEqual([]);
    await page.close();
  });
});
