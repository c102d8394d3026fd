// After `astro build`: writes the `.md` twin of every page (`/guides/persistence/` is also
// `/guides/persistence.md`, the home page `/index.md`), and `llms.txt`, the site's index for
// language models (https://llmstxt.org): every page's twin with its description, guides and
// reference first in the sidebar's order, then the API reference by entry point. Fails if a
// page's twin has no page.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { SIDEBAR } from "../sidebar.mjs";
import { contentDir, sitePages, siteRoot, standaloneMarkdown } from "./pages.mjs";

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
  "## API reference (generated from the TSDoc), one page per entry point",
  "",
  ...apiModules.map(entry),
  "",
];
writeFileSync(join(distDir, "llms.txt"), llms.join("\n"));
console.log(`${pages.length} markdown twins and llms.txt written to dist/`);
