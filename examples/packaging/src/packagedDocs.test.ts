import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { packedPackages } from "./publicEntries";

const consumerDir = inject("consumerDir");

/** The markdown files under `dir`, relative to it. */
function markdownFiles(dir: string, prefix = ""): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = join(prefix, entry.name);
    if (entry.isDirectory()) return markdownFiles(dir, path);
    return path.endsWith(".md") ? [path] : [];
  });
}

// The guides are pages of the docs site; each package's build copies its own into dist/docs, so
// a user reads them in node_modules without the site.
describe.each(packedPackages)("@crayonai/%s ships its docs", (name) => {
  const docsDir = join(consumerDir, "node_modules/@crayonai", name, "dist/docs");

  it("as plain markdown: a heading first, no site front matter", () => {
    expect(existsSync(docsDir)).toBe(true);
    const files = markdownFiles(docsDir);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(readFileSync(join(docsDir, file), "utf8"), file).toMatch(/^# \S/);
    }
  });

  it("whose relative links reach files in the package", () => {
    for (const file of markdownFiles(docsDir)) {
      const text = readFileSync(join(docsDir, file), "utf8");
      for (const [, url = ""] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^([a-z][a-z+.-]*:|#)/i.test(url)) continue;
        const target = resolve(dirname(join(docsDir, file)), url.split("#")[0] ?? "");
        expect(existsSync(target), `${file} links to ${url}`).toBe(true);
      }
    }
  });
});
