// What loading each entry of the built package loads: the modules its ES build imports
// statically, following its own chunks. An app that only writes Crayon SSE or only resumes
// replies must not load a database driver, and `/sse` runs in browsers (stories and tests fake
// a backend with it), so it must not load a Node module either. Reads `dist/`: run after the
// build, as the test command does.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const dist = join(import.meta.dirname, "..", "dist");
const STATIC = /^(?:import|export)\s(?:[^'";]*?\sfrom\s)?["']([^"']+)["'];?$/gm;

/** The packages an entry file loads when it is imported (dynamic `import()`s left out). */
function staticImports(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  for (const [, specifier] of readFileSync(join(dist, file), "utf8").matchAll(STATIC)) {
    if (specifier!.startsWith("./")) {
      for (const name of staticImports(specifier!.slice(2), seen)) packages.add(name);
    } else {
      packages.add(specifier!);
    }
  }
  return packages;
}

const DRIVERS = ["@electric-sql/pglite", "pg", "redis"];

describe("what each entry loads", () => {
  it("@crayonai/server/sse: @crayonai/stream only, no Node module, no driver", () => {
    expect([...staticImports("sse.js")]).toEqual(["@crayonai/stream"]);
  });

  it("@crayonai/server/resumable: resumable-stream, no database driver, redis on demand", () => {
    expect([...staticImports("resumable.js")]).toEqual(["resumable-stream/generic"]);
  });

  it("@crayonai/server/threads and the root: no driver until a database is used", () => {
    for (const entry of ["threads.js", "index.js"]) {
      const loaded = [...staticImports(entry)];
      expect(loaded, entry).toContain("@crayonai/stream");
      expect(
        loaded.filter((name) => DRIVERS.includes(name)),
        entry,
      ).toEqual([]);
    }
  });
});
