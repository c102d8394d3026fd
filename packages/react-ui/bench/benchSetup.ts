import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildDir, buildPages } from "./buildPages";
import { crayonBuildAt, dependencyBuilds, packageDistBuild } from "./crayonBuild";
import { launchChromium } from "./measure";
import { type BenchServer, startBenchServer } from "./server";

const packageDir = fileURLToPath(new URL("../", import.meta.url));
/** Where the results go (gitignored). */
export const resultsDir = join(packageDir, "bench/results");

/** The pages built and served, and what they were built from. */
export type PreparedBench = {
  server: BenchServer;
  /** Which Crayon build the page bundles (see `crayonBuild.ts`). */
  crayonSource: Record<string, unknown>;
  chromiumVersion: string;
  /** The 1-minute load average before the runs, and when they started. */
  loadBefore: number;
  startedAt: number;
};

/**
 * Builds both pages with Vite, bundling `@crayonai/react-ui` from this package's `dist/` or, with
 * `crayonRef`, built from that commit, and starts the local server.
 */
export async function prepareBench(
  crayonRef: string | undefined,
  { minify }: { minify: boolean } = { minify: true },
): Promise<PreparedBench> {
  const crayon = crayonRef ? await crayonBuildAt(crayonRef) : await packageDistBuild();
  console.log(`CrayonChat: ${crayon.source.build}; building the pages with Vite…`);
  // The pages bundle the Crayon build: once they are built, a temporary one can go.
  await buildPages(crayon.distDir, { minify }).finally(() => crayon.dispose());
  const server = await startBenchServer(buildDir);
  // One browser per run; this one only says which Chromium it is.
  const probe = await launchChromium();
  const chromiumVersion = probe.version();
  await probe.close();
  return {
    server,
    crayonSource: crayon.source,
    chromiumVersion,
    loadBefore: loadavg()[0]!,
    startedAt: Date.now(),
  };
}

async function versionOf(pkg: string): Promise<string> {
  const path = join(packageDir, "node_modules", pkg, "package.json");
  return JSON.parse(await readFile(path, "utf8")).version;
}

/** What was measured, on what: recorded with the results so runs can be compared fairly. */
export async function benchEnvironment(bench: PreparedBench): Promise<Record<string, unknown>> {
  return {
    node: process.version,
    chromium: bench.chromiumVersion,
    cpus: cpus().length,
    memoryGB: Math.round(totalmem() / 2 ** 30),
    loadAverageBefore: bench.loadBefore,
    loadAverageAfter: loadavg()[0],
    minutes: (Date.now() - bench.startedAt) / 60_000,
    crayon: bench.crayonSource,
    crayonDependencies: await dependencyBuilds(),
    peer: { ai: await versionOf("ai"), "@ai-sdk/react": await versionOf("@ai-sdk/react") },
  };
}

/** Writes `results/<name>.json`, keeping the one before as `<previousName>.json`. */
export async function writeResults(name: string, previousName: string, report: unknown) {
  await mkdir(resultsDir, { recursive: true });
  const file = join(resultsDir, `${name}.json`);
  if (existsSync(file)) await rename(file, join(resultsDir, `${previousName}.json`));
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWrote bench/results/${name}.json.`);
}
