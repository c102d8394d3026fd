import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const css = readFileSync(join(import.meta.dirname, "styles.css"), "utf8");

/** The declarations of the first rule whose selector is exactly `selector`. */
function declarations(selector: string): Map<string, string> {
  const match = new RegExp(`(?:^|\\n)${selector.replace(".", "\\.")}\\s*\\{([^}]*)\\}`).exec(css);
  const entries = (match?.[1] ?? "")
    .split(";")
    .map((d) => d.split(":").map((part) => part.trim()))
    .filter(([name, value]) => name && value);
  return new Map(entries as [string, string][]);
}

describe("styles.css", () => {
  it("resets the text properties a host page may set on an ancestor of the chat", () => {
    const root = declarations(".crayon-chat");
    for (const property of [
      "text-align",
      "text-transform",
      "text-indent",
      "letter-spacing",
      "word-spacing",
      "white-space",
      "font-style",
      "font-weight",
      "line-height",
    ]) {
      expect(root.has(property), property).toBe(true);
    }
    expect(root.get("text-align")).toBe("start");
  });

  it("lays out in logical directions, so a right-to-left chat mirrors", () => {
    // Comments aside; a background's edges (the table's scroll shadows, alike at both ends) are
    // no direction.
    const declarations = css
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .split(/[;{}]/)
      .map((declaration) => declaration.trim())
      .filter((declaration) => !declaration.startsWith("background"));
    const physical = declarations.filter(
      (declaration) =>
        /^(left|right|(margin|padding|border)-(left|right)\b|[a-z-]*-(top|bottom)-(left|right)-radius)/.test(
          declaration,
        ) ||
        /^(float|clear|text-align)\s*:\s*(left|right)/.test(declaration) ||
        // Three or four corners name a left and a right one.
        /^border-radius\s*:\s*\S+\s+\S+\s+\S+/.test(declaration) ||
        // Four sides, unless the left one is the right one.
        (/^(margin|padding|inset|border-(width|color|style))\s*:/.test(declaration) &&
          /:\s*\S+\s+(\S+)\s+\S+\s+(\S+)$/
            .exec(declaration)
            ?.slice(1, 3)
            .every((side, _, [first]) => side === first) === false),
    );
    expect(physical).toEqual([]);
    expect(css).toContain(".crayon-icon--directional:dir(rtl)");
  });
});
