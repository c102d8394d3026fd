// Type-checks every code sample marked `check` (```ts check, ```tsx check) in the site's
// pages against the built packages, each sample its own module; a sample that does not compile
// fails with its page and line. Run after the packages are built (`pnpm build`).
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import { sitePages, siteRoot } from "./pages.mjs";

const samplesDir = join(siteRoot, ".samples");
const FENCE = /^(```+)(tsx?)[ \t]+([^\n]*\bcheck\b[^\n]*)\n([\s\S]*?)^\1[ \t]*$/gm;

rmSync(samplesDir, { recursive: true, force: true });
mkdirSync(samplesDir, { recursive: true });
/** The sample file → the page and the line its code starts on. */
const origins = new Map();
for (const page of sitePages()) {
  const offset = page.fileText.length - page.body.length;
  for (const match of page.body.matchAll(FENCE)) {
    const [, , lang, , code] = match;
    const line = page.fileText.slice(0, offset + match.index).split("\n").length + 1;
    const name = `${relative(join(siteRoot, "src/content/docs"), page.file).replace(/\W+/g, "_")}_${line}.${lang}`;
    // A sample without import or export is a script; as a module it cannot clash with another.
    const isModule = /^\s*(import|export)\s/m.test(code);
    writeFileSync(join(samplesDir, name), isModule ? code : `${code}\nexport {};\n`);
    origins.set(name, { page: relative(siteRoot, page.file), line });
  }
}
writeFileSync(
  join(samplesDir, "tsconfig.json"),
  JSON.stringify({
    extends: "../../tsconfig.base.json",
    compilerOptions: { types: ["node", "react", "react-dom"], noUnusedLocals: false },
    include: ["*.ts", "*.tsx"],
  }),
);

console.log(`Type-checking ${origins.size} marked samples`);
if (origins.size === 0) process.exit(0);
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const result = spawnSync(
  process.execPath,
  [tsc, "-p", join(samplesDir, "tsconfig.json"), "--pretty", "false"],
  {
    cwd: siteRoot,
    encoding: "utf8",
  },
);
if (result.status === 0) {
  console.log("All marked samples compile.");
  process.exit(0);
}
// `.samples/x_12.ts(3,5): error …` → `src/content/docs/x.md:14: error …`
const report = `${result.stdout}${result.stderr}`.replace(
  /^(?:\.samples\/)?([^\s(]+)\((\d+),\d+\)/gm,
  (text, file, line) => {
    const origin = origins.get(file.replace(/^.*\//, ""));
    return origin ? `${origin.page}:${origin.line + Number(line) - 1}` : text;
  },
);
console.error(report);
process.exit(1);
