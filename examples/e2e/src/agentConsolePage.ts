import type { Page } from "playwright-core";
import { openPage } from "./browser";
import { ChatPage } from "./chatPage";
import { exampleSuite } from "./exampleSuite";

/**
 * Serves the built agent console for the calling `describe` (started before its tests, stopped
 * after) and gives ways to open it and to start a scenario from its side panel.
 */
export function agentConsoleSuite() {
  const example = exampleSuite("agent-console");

  /** A new page on the console (its own storage), ready to type in. */
  async function open(viewport?: { width: number; height: number }) {
    const { page, errors } = await openPage(example.browser, example.url);
    if (viewport) await page.setViewportSize(viewport);
    const chat = new ChatPage(page);
    await chat.input.waitFor();
    return { page, errors, chat, runState: page.locator(".console-run-state") };
  }

  /** Presses the side panel's Start button of scenario `name`. */
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

  return { open, start };
}
