import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const packageRoot = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");

// The subset of esbuild's API used here (its types are not a dependency of this package).
type Esbuild = {
  build(options: Record<string, unknown>): Promise<{ outputFiles: Array<{ text: string }> }>;
};

/**
 * How modules under `src/` are loaded.
 * - `bundle` (default): bundled on the fly with esbuild, the bundler tsup uses to build `dist/`,
 *   with the same target and no `keepNames`: the code users run, built from the current source.
 * - `tsx` (`--tsx`): imported through tsx. tsx always compiles with `keepNames`, which wraps
 *   every function created at run time in a `defineProperty` call, so code that creates
 *   closures per event measures slower than what ships.
 */
export const sourceMode: "bundle" | "tsx" = process.argv.includes("--tsx") ? "tsx" : "bundle";

let esbuild: Esbuild | undefined;
let outDir: string | undefined;

function loadEsbuild(): Esbuild {
  // esbuild is not a dependency of this package; borrow the copy tsup (root devDependency) uses.
  const require = createRequire(join(packageRoot, "package.json"));
  return createRequire(require.resolve("tsup"))("esbuild") as Esbuild;
}

/**
 * Loads a module of this package from source (`path` relative to the package root, e.g.
 * `src/adapters/ag-ui/index.ts`) and returns its exports.
 */
export async function loadSource(path: string): Promise<Record<string, unknown>> {
  const file = join(packageRoot, path);
  if (sourceMode === "tsx")
    return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  esbuild ??= loadEsbuild();
  const result = await esbuild.build({
    entryPoints: [file],
    bundle: true,
    format: "esm",
    platform: "node",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  if (!outDir) {
    const dir = mkdtempSync(join(tmpdir(), "crayon-stream-bench-"));
    process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
    outDir = dir;
  }
  const out = join(outDir, `${basename(path, ".ts")}.mjs`);
  writeFileSync(out, result.outputFiles[0]!.text);
  return (await import(pathToFileURL(out).href)) as Record<string, unknown>;
}
