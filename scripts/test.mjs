// The README's test command: every check and test, in phases. Within a phase, lanes run side by
// side (each lane's steps one after another) where they leave each other alone: the type check and
// then the docs site (its build, link check, sample type-check and axe run) are one thread while
// the packaging test and the Storybook build use the other core. The unit tests use both cores,
// and so do the browser tests (two files at a time, see their config). Stops after the first
// phase with a failure; prints where the time went, then the tests' closing line.
import { spawn } from "node:child_process";

const PHASES = [
  [["lint"]],
  [["build"]],
  [
    ["typecheck", "check:packages", "size", "docs:check"],
    ["test:packaging", "test:stories"],
  ],
  [["test:unit"]],
  [["test:e2e"]],
];
const REPORTS = [
  "test-results/vitest.json",
  "test-results/packaging.json",
  "test-results/e2e.json",
];

// The pnpm that runs this script runs its steps (npm_execpath), or the one on the PATH.
const pnpm = process.env.npm_execpath
  ? [process.execPath, [process.env.npm_execpath]]
  : ["pnpm", []];

/** Runs `pnpm run step`; a step in a lane beside others prints its output when it ends. */
function run(step, alone) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(pnpm[0], [...pnpm[1], "run", step], {
      stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"],
    });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) => {
      if (!alone) process.stdout.write(`\n── ${step} ──\n${Buffer.concat(output)}`);
      resolve({ step, code, seconds: (Date.now() - started) / 1000 });
    });
  });
}

const times = [];
const started = Date.now();
let failed;
for (const lanes of PHASES) {
  const phaseStarted = Date.now();
  const results = await Promise.all(
    lanes.map(async (lane) => {
      const done = [];
      for (const step of lane) {
        const result = await run(step, lanes.length === 1);
        done.push(result);
        if (result.code !== 0) break;
      }
      return done;
    }),
  );
  const phaseSeconds = (Date.now() - phaseStarted) / 1000;
  times.push({ lanes: results, seconds: phaseSeconds });
  failed = results.flat().find((result) => result.code !== 0);
  if (failed) break;
}

const format = (seconds) => `${Math.round(seconds)} s`;
console.log("\nWhere the time went (steps side by side share a phase):");
for (const { lanes, seconds } of times) {
  const steps = lanes.map((lane) =>
    lane
      .map(({ step, seconds, code }) => `${step} ${format(seconds)}${code ? " FAILED" : ""}`)
      .join(", "),
  );
  console.log(`  ${format(seconds).padStart(6)}  ${steps.join("  ‖  ")}`);
}
console.log(`  ${format((Date.now() - started) / 1000).padStart(6)}  in all`);
if (failed) {
  console.error(`\n${failed.step} failed (exit ${failed.code}).`);
  process.exit(1);
}
const summary = spawn(process.execPath, ["scripts/test-summary.mjs", ...REPORTS], {
  stdio: "inherit",
});
summary.on("close", (code) => process.exit(code ?? 1));
