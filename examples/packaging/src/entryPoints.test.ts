import { copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { declaredValueExports } from "./declaredExports";
import { nodeBinary } from "./nodeBinary";
import { type PublicEntry, packedPackages, publicEntries } from "./publicEntries";
import { run } from "./run";

type Loaded = { names?: string[]; paths?: string[]; error?: string };
type Way = "require" | "require without require(esm)" | "import" | "resolve";

const entries = publicEntries(packedPackages);
const consumerDir = inject("consumerDir");
const probe = join(consumerDir, "load-entries.mjs");

/** Each entry's declared value exports, per declaration file, read from the installed package. */
let declared: Map<string, string[]>;

beforeAll(() => {
  copyFileSync(join(import.meta.dirname, "loadEntries.mjs"), probe);
  declared = new Map();
  for (const packageName of new Set(entries.map((entry) => entry.packageName))) {
    const own = entries.filter((entry) => entry.packageName === packageName);
    const files = own.flatMap((entry) => [entry.importTypes, entry.requireTypes]);
    const packageDir = join(consumerDir, "node_modules", packageName);
    const names = declaredValueExports(
      packageDir,
      files.filter((file) => file !== undefined),
    );
    for (const [file, list] of names) declared.set(`${packageName}:${file}`, list);
  }
});

/** Test cases titled by the specifier, unquoted. */
const named = (list: PublicEntry[]) => list.map((entry) => [entry.specifier, entry] as const);

function expectedNames(entry: PublicEntry, types: string | undefined): string[] {
  const names = declared.get(`${entry.packageName}:${types}`) ?? [];
  // An entry that exports nothing would make every check below pass.
  expect(names.length).toBeGreaterThan(0);
  return names;
}

// Node 20 and 22 are both within every package's engines (>=18, and >=20.19 for the server).
// Each way loads every entry in one process, the way a fresh process of a user's would.
describe.each([20, 22])("Node %i", (major) => {
  const loaded = {} as Record<Way, Record<string, Loaded>>;

  beforeAll(async () => {
    const node = await nodeBinary(major, consumerDir);
    const load = async (way: string, list: PublicEntry[], flags: string[] = []) =>
      JSON.parse(
        await run(node, [...flags, probe, way, ...list.map((e) => e.specifier)], consumerDir),
      ) as Record<string, Loaded>;
    const requirable = entries.filter((entry) => entry.requireTypes);
    loaded.require = await load("require", requirable);
    // Where require() cannot load ES modules (Jest, Node before 20.19), the CommonJS build must
    // not need it.
    loaded["require without require(esm)"] = await load("require", requirable, [
      "--no-experimental-require-module",
    ]);
    loaded.import = await load(
      "import",
      entries.filter((entry) => entry.importTypes),
    );
    loaded.resolve = await load(
      "resolve",
      entries.filter((entry) => entry.file),
    );
  });

  for (const way of ["require", "require without require(esm)"] as const) {
    it.each(named(entries.filter((entry) => entry.requireTypes)))(`${way}("%s")`, (_, entry) => {
      const { names, error } = loaded[way][entry.specifier]!;
      expect(error).toBeUndefined();
      expect(names).toEqual(expect.arrayContaining(expectedNames(entry, entry.requireTypes)));
    });
  }

  it.each(named(entries.filter((entry) => entry.importTypes)))('import("%s")', (_, entry) => {
    const { names, error } = loaded.import[entry.specifier]!;
    expect(error).toBeUndefined();
    expect(names).toEqual(expect.arrayContaining(expectedNames(entry, entry.importTypes)));
  });

  it.each(named(entries.filter((entry) => entry.file)))("%s resolves from both", (_, entry) => {
    const { paths, error } = loaded.resolve[entry.specifier]!;
    expect(error).toBeUndefined();
    expect(paths![0]).toBe(paths![1]);
    const text = readFileSync(paths![0]!, "utf8");
    if (entry.specifier.endsWith(".css")) expect(text).toMatch(/\.crayon-chat\s*[{,]/);
    if (entry.specifier.endsWith("package.json")) {
      expect(JSON.parse(text).name).toBe(entry.packageName);
    }
  });
});
