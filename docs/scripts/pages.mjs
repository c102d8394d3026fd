// The site's pages as written: every markdown file under src/content/docs, with its front
// matter, its body and the address Starlight serves it at (each path segment slugged as the
// content loader does, `index` being its folder's page).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { slug } from "github-slugger";

export const siteRoot = resolve(fileURLToPath(new URL("..", import.meta.url)));
export const repoRoot = resolve(siteRoot, "..");
export const contentDir = join(siteRoot, "src/content/docs");
/** The repository on the web: "Defined in" links, links to source files, edit links. */
export const SOURCE_URL = process.env.DOCS_SOURCE_URL ?? "https://github.com/thesysdev/crayon";
/** A file of the repository on the web, from its path in the repository. */
export const sourceLink = (pathInRepo) =>
  `${SOURCE_URL}/blob/main/${pathInRepo.split(sep).join("/")}`;

/** Every file under `dir`, recursively, as absolute paths in a stable order. */
function walk(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
}

/** Splits `---\nfront matter\n---\nbody`; the front matter's `key: value` lines are read flat. */
export function splitFrontMatter(text) {
  const match = text.match(/^---\n([\s\S]*?)\n---\n?/);
  if (!match) return { data: {}, body: text };
  const data = {};
  for (const line of match[1].split("\n")) {
    const field = line.match(/^(\w+):\s*(.*)$/);
    if (field) data[field[1]] = field[2].replace(/^(["'])(.*)\1$/, "$2");
  }
  return { data, body: text.slice(match[0].length) };
}

/** The address of a page (its file under the content folder), without slashes around it. */
export function pageSlug(file) {
  return relative(contentDir, file)
    .replace(/\.mdx?$/, "")
    .split(sep)
    .map((segment) => slug(segment))
    .join("/")
    .replace(/(^|\/)index$/, "");
}

/**
 * @returns {{ file: string, slug: string, title: string, description?: string, body: string,
 *   fileText: string }[]}
 *   `slug` without leading or trailing slash (`""` for the home page).
 */
export function sitePages() {
  return walk(contentDir)
    .filter((file) => /\.mdx?$/.test(file))
    .map((file) => {
      const fileText = readFileSync(file, "utf8");
      const { data, body } = splitFrontMatter(fileText);
      return {
        file,
        slug: pageSlug(file),
        title: data.title ?? pageSlug,
        description: data.description,
        body,
        fileText,
      };
    });
}

/**
 * A page's markdown as a file of its own: its title as the heading, its description, its body.
 * A relative link to a page under `keptDir` stays relative, or with `twins` becomes that page's
 * `.md` twin (`/stream/events.md`, which an index page's relative links would miss); any other
 * relative link (a file of the repository, a page not shipped beside it) goes to that file on
 * the web.
 */
export function standaloneMarkdown(page, keptDir, { twins = false } = {}) {
  const body = page.body.replace(/\]\(([^)\s]+)\)/g, (text, url) => {
    if (/^([a-z][a-z+.-]*:|\/|#)/i.test(url)) return text;
    const [path, hash = ""] = url.split(/(?=#)/);
    const target = resolve(dirname(page.file), decodeURI(path));
    if (!target.startsWith(repoRoot + sep)) return text;
    if (target.startsWith(keptDir + sep)) {
      if (!twins || !/\.mdx?$/.test(target)) return text;
      return `](/${pageSlug(target) || "index"}.md${hash})`;
    }
    return `](${sourceLink(relative(repoRoot, target))}${hash})`;
  });
  const description = page.description ? `> ${page.description}\n\n` : "";
  return `# ${page.title}\n\n${description}${body.trim()}\n`;
}
