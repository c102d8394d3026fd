// Runs a test suite again and again, and says which tests failed and how often: a test that
// fails by chance fails CI by chance. Run it after `pnpm build`.
//
//   node scripts/stability.mjs e2e 20              the Chromium e2e, 20 times in a row
//   node scripts/stability.mjs e2e 5 --copies 2    5 rounds of two copies at once (2 cores: load)
//   node scripts/stability.mjs unit 20             unit and property tests (fresh seeds each run)
//
// Extra arguments after `--` go to vitest (a file filter, say). Reports go to
// test-results/stability/: each run's JSON report, and its output (what a failing test printed,
// the chaos test's report, a seed) as a .log beside it.
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const [suite = "e2e", runsArgument = "20", ...rest] = process.argv.slice(2);
const dashes = rest.indexOf("--");
const options = dashes === -1 ? rest : rest.slice(0, dashes);
const passThrough = dashes === -1 ? [] : rest.slice(dashes + 1);
const copiesAt = options.indexOf("--copies");
const copies = copiesAt === -1 ? 1 : Number(options[copiesAt + 1]);
const runs = Number(runsArgument);
const configs = {
  e2e: ["--config", "examples/e2e/vitest.e2e.config.ts"],
  unit: [],
  packaging: ["--config", "examples/packaging/vitest.packaging.config.ts"],
};
if (!configs[suite] || !(runs > 0) || !(copies > 0)) {
  console.error(
    "usage: node scripts/stability.mjs e2e|unit|packaging RUNS [--copies N] [-- vitest args]",
  );
  process.exit(2);
}
const reports = join(root, "test-results/stability");
mkdirSync(reports, { recursive: true });

function runOnce(name) {
  const report = join(reports, `${suite}-${name}.json`);
  const args = ["vitest", "run", ...configs[suite], "--reporter=dot", "--reporter=json"];
  args.push(`--outputFile.json=${report}`, ...passThrough);
  return new Promise((done) => {
    const child = spawn("npx", args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    const log = createWriteStream(report.replace(/\.json$/, ".log"));
    child.stdout.pipe(log, { end: false });
    let errors = "";
    child.stderr.on("data", (chunk) => {
      errors += chunk;
      log.write(chunk);
    });
    child.on("close", (code) => {
      log.end();
      done({ name, code, report, errors });
    });
  });
}

const failures = new Map();
let passedRuns = 0;
let tests = 0;
const started = Date.now();
for (let round = 1; round <= runs; round++) {
  const results = await Promise.all(
    Array.from({ length: copies }, (_, copy) =>
      runOnce(copies > 1 ? `${round}-${copy + 1}` : `${round}`),
    ),
  );
  for (const { name, code, report, errors } of results) {
    let failed = [];
    try {
      const json = JSON.parse(readFileSync(report, "utf8"));
      tests = Math.max(tests, json.numTotalTests);
      failed = json.testResults.flatMap((file) =>
        file.assertionResults
          .filter((test) => test.status === "failed")
          .map((test) => ({
            id: `${file.name.slice(root.length + 1)} > ${test.fullName}`,
            message: test.failureMessages?.[0] ?? "",
          })),
      );
    } catch {
      failed = [{ id: `run ${name} wrote no report (exit ${code})`, message: errors.slice(-2000) }];
    }
    if (code === 0 && failed.length === 0) passedRuns++;
    else if (failed.length === 0)
      failed = [{ id: `run ${name} exited ${code}`, message: errors.slice(-2000) }];
    for (const { id, message } of failed) {
      const seen = failures.get(id) ?? {
        count: 0,
        first: message.split("\n").slice(0, 6).join("\n"),
      };
      seen.count++;
      failures.set(id, seen);
    }
    console.log(
      `${suite} run ${name}: ${failed.length === 0 && code === 0 ? "passed" : `${failed.length} failed`}`,
    );
  }
}
const total = runs * copies;
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(
  `\n${suite}: ${passedRuns} of ${total} runs passed (${tests} tests each, ${minutes} min)`,
);
for (const [id, { count, first }] of failures)
  console.log(`\n${count}/${total} failed: ${id}\n${first}`);
process.exit(passedRuns === total ? 0 : 1);
