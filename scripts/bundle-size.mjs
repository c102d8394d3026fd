// What an app's production build loads for each way of using @crayonai/stream: a Vite build of a
// one-line app per case (the built packages, minified as Vite does), then gzip -9 of the entry
// chunk with what it imports statically ("at start"), and of every chunk including import()ed
// ones ("whole"). Run after `pnpm build`:
//
//   node scripts/bundle-size.mjs              every case
//   node scripts/bundle-size.mjs open-resp    the cases whose name contains "open-resp"
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";

const root = resolve(import.meta.dirname, "..");
const dist = join(root, "packages/stream/dist");
const ROOT = `import { crayonSSEAdapter } from "@crayonai/stream";\nkeep(crayonSSEAdapter);\n`;

/** Each case: an app that imports this and uses all of it. */
const cases = {
  root: ROOT,
  ...Object.fromEntries(
    ["openai", "open-responses", "vercel", "ag-ui", "plain-text", "text", "auto"].map((name) => [
      `root + adapters/${name}`,
      `${ROOT}import * as adapter from "@crayonai/stream/adapters/${name}";\nkeep(adapter);\n`,
    ]),
  ),
  ...Object.fromEntries(
    ["openai", "open-responses", "vercel", "ag-ui"].map((name) => [
      `root + backends/${name}`,
      `${ROOT}import * as backend from "@crayonai/stream/backends/${name}";\nkeep(backend);\n`,
    ]),
  ),
};

const filter = process.argv[2];
const gzipped = (bytes) => gzipSync(bytes, { level: 9 }).length;

/** Builds one app; returns the gzip sizes of what loads at start and of every chunk. */
async function measure(source) {
  const dir = await mkdtemp(join(tmpdir(), "crayon-bundle-"));
  try {
    await writeFile(
      join(dir, "main.js"),
      // `keep` makes every import used, so nothing the app asked for is shaken away.
      `const keep = (value) => { globalThis.__kept = value; };\n${source}`,
    );
    await writeFile(join(dir, "index.html"), '<script type="module" src="./main.js"></script>\n');
    const outDir = join(dir, "out");
    await build({
      root: dir,
      logLevel: "silent",
      configFile: false,
      resolve: {
        alias: [
          { find: /^@crayonai\/stream$/, replacement: join(dist, "index.js") },
          { find: /^@crayonai\/stream\/(.*)$/, replacement: `${dist}/$1.js` },
        ],
      },
      build: { outDir, manifest: true, modulePreload: false, reportCompressedSize: false },
    });
    const manifest = JSON.parse(await readFile(join(outDir, ".vite/manifest.json"), "utf8"));
    const sizes = new Map();
    for (const [key, chunk] of Object.entries(manifest)) {
      sizes.set(key, gzipped(await readFile(join(outDir, chunk.file))));
    }
    const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
    const atStart = new Set();
    const visit = (key) => {
      if (atStart.has(key)) return;
      atStart.add(key);
      for (const next of manifest[key].imports ?? []) visit(next);
    };
    visit(entry);
    const sum = (keys) => [...keys].reduce((total, key) => total + sizes.get(key), 0);
    return { start: sum(atStart), whole: sum(sizes.keys()) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await mkdir(join(root, "test-results"), { recursive: true });
const results = {};
for (const [name, source] of Object.entries(cases)) {
  if (filter && name !== "root" && !name.includes(filter)) continue;
  const subpath = name.split(" + ")[1];
  if (subpath && !existsSync(join(dist, `${subpath}.js`))) {
    console.error(`${name}: not built (run pnpm build)`);
    continue;
  }
  results[name] = await measure(source);
}
const base = results.root.start;
console.log("| app imports | at start (B gzip) | over root | whole, with import() chunks |");
console.log("| --- | ---: | ---: | ---: |");
for (const [name, { start, whole }] of Object.entries(results)) {
  const over = name === "root" ? "" : `${start - base}`;
  console.log(`| ${name} | ${start} | ${over} | ${whole} |`);
}
await writeFile(
  join(root, "test-results/bundle-size.json"),
  `${JSON.stringify(results, null, 2)}\n`,
);
