// Run by a package's build, in its folder: writes the site's pages about the package (the
// folder named after it, `react-core/` for `@crayonai/react-core`) to `dist/docs/`, as plain
// markdown that reads without the site: links between them stay relative, links elsewhere go
// to the file on the web. The package ships these; the site's pages are the one source.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { contentDir, sitePages, standaloneMarkdown } from "./pages.mjs";

const packageDir = process.cwd();
const { name } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
const pagesDir = join(contentDir, name.replace(/^@crayonai\//, ""));
const outDir = join(packageDir, "dist", "docs");

rmSync(outDir, { recursive: true, force: true });
const pages = sitePages().filter((page) => page.file.startsWith(pagesDir + sep));
for (const page of pages) {
  const file = join(outDir, relative(pagesDir, page.file).replace(/\.mdx$/, ".md"));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, standaloneMarkdown(page, pagesDir));
}
console.log(`${name}: ${pages.length} docs pages written to dist/docs/`);
