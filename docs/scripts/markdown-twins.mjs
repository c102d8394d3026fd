// After `astro build`: writes the `.md` twin of every page (`/guides/persistence/` is also
// `/guides/persistence.md`, the home page `/index.md`), and `llms.txt`, the site's index for
// language models (https://llmstxt.org): every page's twin with its description, guides and
// reference first in the sidebar's order, then the API reference by entry point. Fails if a
// page's twin has no page. The playground, an interactive page of its own, gets a twin that says
// what it runs and which commands and protocols it offers.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { demoProtocols } from "@crayonai/demo-agent";
import { inPageScripts } from "@crayonai/demo-agent/in-page";
import { SIDEBAR } from "../sidebar.mjs";
import { contentDir, sitePages, siteRoot, standaloneMarkdown } from "./pages.mjs";
import { PLAYGROUND_PATH } from "./playgroundPage.mjs";

const distDir = join(siteRoot, "dist");
const pages = sitePages();
const missing = pages.filter((page) => !existsSync(join(distDir, page.slug, "index.html")));
if (missing.length > 0) {
  console.error(`No built page for: ${missing.map((page) => page.file).join(", ")}`);
  process.exit(1);
}

const twinPath = (page) => `/${page.slug || "index"}.md`;
for (const page of pages) {
  const file = join(distDir, twinPath(page));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, standaloneMarkdown(page, contentDir, { twins: true }));
}

/** A built page's title and description, as its HTML head gives them. */
function builtHead(path) {
  const html = readFileSync(join(distDir, path, "index.html"), "utf8");
  const decode = (text) =>
    text
      .replace(/&#(\d+);/g, (_, code) => String.fromCodePoint(Number(code)))
      .replace(/&#x([\da-f]+);/gi, (_, code) => String.fromCodePoint(Number.parseInt(code, 16)))
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  const meta = html.match(/<meta name="description" content="([^"]*)"/);
  const title = html.match(/<title>([^<|]*)/);
  return { title: decode(title?.[1] ?? "").trim(), description: decode(meta?.[1] ?? "") };
}

const playground = { ...builtHead(PLAYGROUND_PATH), twin: "/playground.md" };
writeFileSync(
  join(distDir, playground.twin),
  [
    `# ${playground.title}`,
    "",
    `> ${playground.description}`,
    "",
    `An interactive page: open [${PLAYGROUND_PATH}](${PLAYGROUND_PATH}) in a browser. It renders`,
    "`<CrayonChat chat={useChat(…)} />` (`@crayonai/react-ui`) against the scripted demo agent,",
    "which runs in the page (`createInPageAgent` from `@crayonai/demo-agent/in-page`): nothing is",
    "sent to a server, and threads live in the page's memory. Beside the chat, the inspector shows",
    "each reply's request, its wire frames and the Crayon events they became.",
    "",
    "## Protocols",
    "",
    "A picker switches the stream protocol the agent answers in and the chat reads:",
    demoProtocols.map((protocol) => `\`${protocol}\``).join(", "),
    "",
    "## Commands",
    "",
    ...inPageScripts.map(({ command, description }) => `- \`${command}\`: ${description}`),
    "",
    "## The same on your machine",
    "",
    "The chat example serves the same agent from a server of its own, with every command (MCP Apps",
    "too), threads in a database, and replies that survive reloads:",
    "`npx -y pnpm@10 install && npx -y pnpm@10 start` in a clone of the repository.",
    "",
  ].join("\n"),
);

const home = pages.find((page) => page.slug === "");
const entry = (page) =>
  `- [${page.title}](${twinPath(page)})${page.description ? `: ${page.description}` : ""}`;
const isApi = (page) => page.slug === "api" || page.slug.startsWith("api/");
// The API reference's own index and its modules (one page each), not its hundreds of symbols.
const apiModules = pages.filter((page) => isApi(page) && page.file.endsWith("index.md"));
/** The sidebar's pages in its order (`index` is the home page), so llms.txt reads as the site does. */
const sidebarOrder = (items) =>
  items.flatMap((item) =>
    typeof item === "string" ? [item] : item.slug ? [item.slug] : sidebarOrder(item.items ?? []),
  );
const order = sidebarOrder(SIDEBAR({})).map((slug) => (slug === "index" ? "" : slug));
const rank = (page) => (order.includes(page.slug) ? order.indexOf(page.slug) : order.length);
const guides = pages.filter((page) => !isApi(page)).sort((a, b) => rank(a) - rank(b));
const llms = [
  "# Crayon",
  "",
  `> ${home?.description ?? ""}`,
  "",
  "Every page below is markdown; the same address without `.md` is its HTML page.",
  "",
  "## Guides and reference",
  "",
  ...guides.map(entry),
  "",
  "## Try it",
  "",
  `- [${playground.title}](${playground.twin}): ${playground.description}`,
  "",
  "## API reference (generated from the TSDoc), one page per entry point",
  "",
  ...apiModules.map(entry),
  "",
];
writeFileSync(join(distDir, "llms.txt"), llms.join("\n"));
console.log(`${pages.length + 1} markdown twins and llms.txt written to dist/`);
