import { mkdirSync, writeFileSync } from "node:fs";
import { join, sep } from "node:path";
import ts from "typescript";
import { describe, expect, inject, it } from "vitest";
import { packedPackages, publicEntries } from "./publicEntries";

const entries = publicEntries(packedPackages).filter((entry) => !entry.file);
const consumerDir = inject("consumerDir");

/** How a user's TypeScript project may resolve the packages, and how it writes an import. */
const MODES = [
  {
    name: "node16, an ES module",
    file: "index.mts",
    options: { module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16 },
    list: entries.filter((entry) => entry.importTypes),
    line: (specifier: string, i: number) => `import * as entry${i} from "${specifier}";`,
  },
  {
    name: "node16, a CommonJS module",
    file: "index.cts",
    options: { module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16 },
    list: entries.filter((entry) => entry.requireTypes),
    line: (specifier: string, i: number) => `import entry${i} = require("${specifier}");`,
  },
  {
    name: "bundler",
    file: "index.ts",
    options: { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler },
    list: entries.filter((entry) => entry.importTypes),
    line: (specifier: string, i: number) => `import * as entry${i} from "${specifier}";`,
  },
];

const ours = `${sep}node_modules${sep}@crayonai${sep}`;

/**
 * Every public entry, imported by one file of a user's project, type-checks under each
 * resolution: the file's imports resolve, and so does every declaration file of the packages
 * they reach (a deprecated `@crayonai/stream/server` re-exports `@crayonai/server`'s). Third-party
 * declarations are not checked (as `skipLibCheck` would not).
 */
describe.each(MODES)("types under $name resolution", (mode) => {
  it("every entry's declarations resolve and check", () => {
    expect(mode.list.length).toBeGreaterThan(0);
    const dir = join(consumerDir, "types-check", mode.file.replace(".", "-"));
    mkdirSync(dir, { recursive: true });
    const file = join(dir, mode.file);
    writeFileSync(
      file,
      `${mode.list.map((entry, i) => mode.line(entry.specifier, i)).join("\n")}\nexport {};\n`,
    );
    const program = ts.createProgram([file], {
      ...mode.options,
      target: ts.ScriptTarget.ES2022,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
      strict: true,
      noEmit: true,
      types: [],
    });
    const checked = program
      .getSourceFiles()
      .filter((source) => source.fileName === file || source.fileName.includes(ours));
    const problems = checked.flatMap((source) =>
      [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
        (diagnostic) =>
          `${source.fileName.slice(consumerDir.length)}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`,
      ),
    );
    expect(problems).toEqual([]);
    // Each entry was reached through its own declarations, not left unresolved.
    const reached = new Set(checked.map((source) => source.fileName));
    for (const entry of mode.list) {
      const types = mode.file.endsWith(".cts") ? entry.requireTypes : entry.importTypes;
      const expected = join(consumerDir, "node_modules", entry.packageName, types!);
      expect(reached.has(expected), `${entry.specifier} → ${types}`).toBe(true);
    }
  });
});
