// What an app's production build loads for each way of using @crayonai/stream, for
// @crayonai/react-core's createChat and useChat (React left to the app), and for
// @crayonai/react-ui's CrayonChat: a Vite build of a one-line app per case (the built packages,
// minified as Vite does), then gzip -9 of the entry chunk with what it imports statically ("at
// start"), and of every chunk including import()ed ones ("whole"). The react-ui cases bundle
// React too (as an app does) and also list each import()ed chunk with what it brings that the
// start has not loaded (e.g. MCP Apps' gate, loaded when a chat with `mcpApps` mounts). Run after
// `pnpm build`:
//
//   node scripts/bundle-size.mjs              every case
//   node scripts/bundle-size.mjs open-resp    the cases whose name contains "open-resp"
//   node scripts/bundle-size.mjs react-core   createChat and useChat
//   node scripts/bundle-size.mjs react-ui     CrayonChat (the stream root is always measured)
//
// CRAYON_PACKAGES=<checkout>/packages measures another build of the packages (an earlier commit's,
// built in a checkout of its own), to compare before and after a change.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";

const root = resolve(import.meta.dirname, "..");
const packages = resolve(process.env.CRAYON_PACKAGES ?? join(root, "packages"));
const dist = join(packages, "stream/dist");
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
  // The engine on its own, and the React hook with React left to the app (as size-limit counts
  // them): what `createChat` and `useChat` cost over the framework the app already has.
  "react-core createChat": `import { createChat } from "@crayonai/react-core/vanilla";\nkeep(createChat);\n`,
  "react-core useChat": `import { useChat } from "@crayonai/react-core";\nkeep(useChat);\n`,
  // With or without `mcpApps`, CrayonChat's app is the same code: MCP Apps come in the chunks
  // listed under it (the gate when a chat with `mcpApps` mounts, the card with the first app).
  "react-ui CrayonChat": `import { CrayonChat } from "@crayonai/react-ui";\nkeep(CrayonChat);\n`,
  "react-ui CrayonChat + McpAppsProvider, McpAppToolUI (the parts)": `import { CrayonChat, McpAppsProvider, McpAppToolUI } from "@crayonai/react-ui";\nkeep([CrayonChat, McpAppsProvider, McpAppToolUI]);\n`,
};

const filter = process.argv[2];
const gzipped = (bytes) => gzipSync(bytes, { level: 9 }).length;

/** Builds one app; returns the gzip sizes of what loads at start and of every chunk. */
async function measure(source, { withoutReact = false } = {}) {
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
          {
            find: /^@crayonai\/(react-core|react-ui)$/,
            replacement: `${packages}/$1/dist/index.js`,
          },
          {
            find: /^@crayonai\/react-core\/vanilla$/,
            replacement: `${packages}/react-core/dist/vanilla.js`,
          },
        ],
      },
      build: {
        outDir,
        manifest: true,
        modulePreload: false,
        reportCompressedSize: false,
        ...(withoutReact && {
          rollupOptions: { external: (id) => /^react(-dom)?(\/|$)/.test(id) },
        }),
      },
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
    // Each import()ed chunk with the chunks it imports that the start has not loaded.
    const lazy = {};
    for (const [key, chunk] of Object.entries(manifest)) {
      if (!chunk.isDynamicEntry) continue;
      const brings = new Set();
      const add = (next) => {
        if (atStart.has(next) || brings.has(next)) return;
        brings.add(next);
        for (const imported of manifest[next].imports ?? []) add(imported);
      };
      add(key);
      lazy[key.replace(/^.*\/(node_modules|packages)\//, "").replace(/-[\w-]{8}\.js$/, "")] =
        sum(brings);
    }
    return { start: sum(atStart), whole: sum(sizes.keys()), lazy };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await mkdir(join(root, "test-results"), { recursive: true });
const results = {};
for (const [name, source] of Object.entries(cases)) {
  if (filter && name !== "root" && !name.includes(filter)) continue;
  const subpath = name.split(" + ")[1];
  if (subpath && !name.startsWith("react-ui") && !existsSync(join(dist, `${subpath}.js`))) {
    console.error(`${name}: not built (run pnpm build)`);
    continue;
  }
  results[name] = await measure(source, { withoutReact: name.startsWith("react-core") });
}
const base = results.root.start;
console.log("| app imports | at start (B gzip) | over root | whole, with import() chunks |");
console.log("| --- | ---: | ---: | ---: |");
for (const [name, { start, whole }] of Object.entries(results)) {
  if (name.startsWith("react-")) continue;
  const over = name === "root" ? "" : `${start - base}`;
  console.log(`| ${name} | ${start} | ${over} | ${whole} |`);
}
const core = Object.entries(results).filter(([name]) => name.startsWith("react-core"));
if (core.length > 0) {
  console.log(
    "\n| app imports (React left to the app) | at start (B gzip) | whole, with import() chunks |",
  );
  console.log("| --- | ---: | ---: |");
  for (const [name, { start, whole }] of core) console.log(`| ${name} | ${start} | ${whole} |`);
}
const ui = Object.entries(results).filter(([name]) => name.startsWith("react-ui"));
if (ui.length > 0) {
  console.log("\n| app imports (with React) | at start (B gzip) | whole, with import() chunks |");
  console.log("| --- | ---: | ---: |");
  for (const [name, { start, whole, lazy }] of ui) {
    console.log(`| ${name} | ${start} | ${whole} |`);
    for (const [chunk, bytes] of Object.entries(lazy)) {
      console.log(`| &nbsp;&nbsp;import() ${chunk} | +${bytes} | |`);
    }
  }
}
await writeFile(
  join(root, "test-results/bundle-size.json"),
  `${JSON.stringify(results, null, 2)}\n`,
);
