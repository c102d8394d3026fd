// The inspector's cost while a reply streams: main-thread script time (CDP `ScriptDuration`) in
// Chromium for a 4,000-token Crayon SSE reply rendered by CrayonChat, with ChatInspector open
// beside it and without, alternating runs; prints each run, the medians and their ratio (the
// goal: open costs at most 10 % more). Then checks that an app that does not import the
// inspector gets none of it: a Vite production build of the chat example (which loads it with
// import() behind its toggle) and of a one-line CrayonChat app. Not a test: run it by hand,
// after `pnpm build`.
//
//   pnpm --filter @crayonai/react-ui bench:inspector [runs per side, default 5]
import { readdir, readFile, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import type { Browser } from "playwright-core";
import { build } from "vite";
import { launchChromium } from "../measure";

const here = fileURLToPath(new URL(".", import.meta.url));
const packages = join(here, "../../..");
const outDir = join(here, "../.build/inspector");
const runs = Number(process.argv[2] ?? 5);
/** A text that only the inspector's code contains. */
const MARKER = "crayon-inspector";

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function buildPage(): Promise<void> {
  await build({
    configFile: false,
    root: here,
    logLevel: "error",
    mode: "production",
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 4096,
      rollupOptions: { input: join(here, "page.html") },
    },
  });
}

async function serve(): Promise<{ url: string; close: () => Promise<void> }> {
  const types: Record<string, string> = {
    ".html": "text/html",
    ".js": "text/javascript",
    ".css": "text/css",
  };
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    try {
      const body = await readFile(join(outDir, path === "/" ? "page.html" : path));
      res.writeHead(200, { "content-type": types[extname(path) || ".html"] ?? "text/plain" });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Script time of one run: from the send to the reply rendered to its last token. */
async function measureRun(browser: Browser, url: string) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  try {
    await page.goto(url);
    const input = page.getByRole("textbox", { name: "Message" });
    await input.waitFor();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Performance.enable");
    const script = async () => {
      const { metrics } = await cdp.send("Performance.getMetrics");
      return metrics.find((m) => m.name === "ScriptDuration")!.value * 1000;
    };
    await input.fill("Stream 4,000 tokens");
    const before = await script();
    const started = Date.now();
    await input.press("Enter");
    await page.waitForFunction(() => window.benchDone === true, undefined, {
      timeout: 120_000,
      polling: 100,
    });
    const scriptMs = (await script()) - before;
    const text = (await page.locator(".crayon-message--assistant").last().textContent()) ?? "";
    return { scriptMs, wallMs: Date.now() - started, chars: text.length };
  } finally {
    await page.close();
  }
}

async function benchmark(): Promise<void> {
  await buildPage();
  const server = await serve();
  const browser = await launchChromium();
  // Closed; only a listener on the debug channel (the engine's share); the inspector open.
  const sides = { closed: "", channel: "?inspector=channel", open: "?inspector=1" } as const;
  const samples: Record<keyof typeof sides, number[]> = { closed: [], channel: [], open: [] };
  try {
    // A warm-up run of each, not counted (first compilation, caches).
    for (const query of Object.values(sides)) await measureRun(browser, server.url + query);
    for (let run = 0; run < runs; run++) {
      for (const [side, query] of Object.entries(sides) as [keyof typeof sides, string][]) {
        const result = await measureRun(browser, server.url + query);
        samples[side].push(result.scriptMs);
        console.log(
          `run ${run + 1} ${side.padEnd(7)} script ${result.scriptMs.toFixed(0).padStart(5)} ms  wall ${result.wallMs} ms  rendered ${result.chars} chars`,
        );
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  const closed = median(samples.closed);
  const channel = median(samples.channel);
  const open = median(samples.open);
  // Each run's sides ran one after another: their ratio is less moved by the machine's drift
  // over the whole bench (the medians of 9 runs moved by a fifth between two runs of it).
  const paired = median(samples.open.map((ms, i) => ms / samples.closed[i]!));
  console.log(
    `\nmain-thread script time, median of ${runs}: closed ${closed.toFixed(0)} ms, channel only ${channel.toFixed(0)} ms (${(channel / closed).toFixed(3)}), inspector open ${open.toFixed(0)} ms; open/closed ${(open / closed).toFixed(3)}, median of the runs' own open/closed ${paired.toFixed(3)} (goal <= 1.10)`,
  );
}

/** The built files (under `dir`) an app loads at start, by the manifest: entry and its imports. */
async function filesAtStart(dir: string): Promise<{ start: string[]; all: string[] }> {
  const manifest = JSON.parse(await readFile(join(dir, ".vite/manifest.json"), "utf8")) as Record<
    string,
    { file: string; isEntry?: boolean; imports?: string[] }
  >;
  const start = new Set<string>();
  const visit = (key: string) => {
    if (start.has(key)) return;
    start.add(key);
    for (const next of manifest[key]!.imports ?? []) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  const all = (await readdir(join(dir, "assets"))).filter((f) => f.endsWith(".js"));
  return {
    start: [...start].map((key) => manifest[key]!.file),
    all: all.map((f) => `assets/${f}`),
  };
}

/** Bytes of the files of `dir` that contain the inspector's code. */
async function inspectorBytes(dir: string, files: string[]): Promise<number> {
  let bytes = 0;
  for (const file of files) {
    const text = await readFile(join(dir, file), "utf8");
    if (text.includes(MARKER)) bytes += Buffer.byteLength(text);
  }
  return bytes;
}

async function zeroBytes(): Promise<void> {
  // The chat example: the inspector only behind its toggle, loaded with import().
  const chatDir = join(packages, "../examples/chat");
  const chatOut = join(outDir, "chat-example");
  await build({
    root: chatDir,
    logLevel: "error",
    build: { outDir: chatOut, emptyOutDir: true, manifest: true, reportCompressedSize: false },
  });
  const chat = await filesAtStart(chatOut);
  const atStart = await inspectorBytes(chatOut, chat.start);
  const lazy = await inspectorBytes(chatOut, chat.all);
  console.log(
    `chat example (Vite production build): inspector code at start ${atStart} B; in its import() chunk ${lazy} B`,
  );

  // An app that imports CrayonChat and not the inspector.
  const appDir = join(outDir, "app");
  await rm(appDir, { recursive: true, force: true });
  const { mkdir, writeFile } = await import("node:fs/promises");
  await mkdir(appDir, { recursive: true });
  await writeFile(
    join(appDir, "main.js"),
    'import { CrayonChat } from "@crayonai/react-ui";\nglobalThis.kept = CrayonChat;\n',
  );
  await writeFile(join(appDir, "index.html"), '<script type="module" src="./main.js"></script>\n');
  await build({
    root: appDir,
    configFile: false,
    logLevel: "error",
    resolve: {
      alias: [
        { find: /^@crayonai\/react-ui$/, replacement: join(packages, "react-ui/dist/index.js") },
      ],
    },
    build: { outDir: join(appDir, "out"), manifest: true, reportCompressedSize: false },
  });
  const app = await filesAtStart(join(appDir, "out"));
  const appBytes = await inspectorBytes(join(appDir, "out"), app.all);
  console.log(`an app with CrayonChat and no inspector import: inspector code ${appBytes} B`);
  if (atStart !== 0 || appBytes !== 0) {
    console.error("The inspector reached an app that does not load it.");
    process.exitCode = 1;
  }
}

await zeroBytes();
await benchmark();
