// Fails when a source file of a package or an example is over 400 lines: a file that long holds
// more than one concept (ARCHITECTURE.md says where each one lives). Tests, which list cases,
// are not counted. Part of `pnpm lint`.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";

const LIMIT = 400;
const root = resolve(import.meta.dirname, "..");
const tracked = execFileSync(
  "git",
  ["ls-files", "--", "packages/*/src/*", "packages/*/test/*", "examples/*/src/*"],
  { cwd: root, encoding: "utf8" },
).split("\n");
const sources = tracked.filter(
  (path) =>
    /\.(ts|tsx|mts|js|mjs)$/.test(path) &&
    !/\.test\./.test(path) &&
    existsSync(resolve(root, path)),
);
const long = sources
  .map((path) => ({
    path,
    lines: readFileSync(resolve(root, path), "utf8").split("\n").length - 1,
  }))
  .filter(({ lines }) => lines > LIMIT);
for (const { path, lines } of long) console.error(`${path}: ${lines} lines (at most ${LIMIT})`);
if (long.length) {
  console.error(`\n${long.length} source file(s) over ${LIMIT} lines: split them by concept.`);
  process.exit(1);
}
console.log(`${sources.length} source files, none over ${LIMIT} lines.`);
