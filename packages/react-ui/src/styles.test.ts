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
});
