import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/**
 * axe-core's WCAG 2.1 A and AA findings for the part of the page `selector` picks, run in the
 * browser, where (unlike jsdom) colour contrast is computed from real layout and styles. Each
 * finding reads "rule: help (n elements, e.g. …)"; none means the part is clean.
 */
export async function axeViolations(page: Page, selector: string): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async (root) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResult> } })
      .axe;
    type AxeResult = {
      violations: { id: string; help: string; nodes: { target: string[] }[] }[];
    };
    const result = await axe.run(document.querySelector(root), {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    });
    return result.violations.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.length} elements, e.g. ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(", ")})`,
    );
  }, selector);
}
