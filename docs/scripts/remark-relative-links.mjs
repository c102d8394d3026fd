// A remark plugin: the pages link to each other as files (`[x](../stream/events.md#ids)`), so
// they read the same on GitHub, as `.md` twins and in the npm packages; on the site such a link
// goes to the page's address (`/stream/events/#ids`), and a link to a file of the repository
// outside the site (`../../../packages/server/src/x.ts`) goes to that file on the web. The
// link check then validates the addresses and their anchors.
import { dirname, relative, resolve, sep } from "node:path";
import { contentDir, pageSlug, repoRoot, sourceLink } from "./pages.mjs";

/** The address a relative link of the page `file` stands for, or undefined for other links. */
export function siteLink(file, url) {
  if (/^([a-z][a-z+.-]*:|\/|#)/i.test(url)) return undefined;
  const [path, hash = ""] = url.split(/(?=#)/);
  const target = resolve(dirname(file), decodeURI(path));
  if (target.startsWith(contentDir + sep) && /\.mdx?$/.test(target)) {
    const slug = pageSlug(target);
    return `/${slug}${slug ? "/" : ""}${hash}`;
  }
  if (target.startsWith(repoRoot + sep)) return `${sourceLink(relative(repoRoot, target))}${hash}`;
  return undefined;
}

export default function remarkRelativeLinks() {
  const rewrite = (node, file) => {
    if ((node.type === "link" || node.type === "definition") && typeof node.url === "string") {
      node.url = siteLink(file, node.url) ?? node.url;
    }
    for (const child of node.children ?? []) rewrite(child, file);
  };
  return (tree, vfile) => {
    if (vfile.path) rewrite(tree, vfile.path);
  };
}
