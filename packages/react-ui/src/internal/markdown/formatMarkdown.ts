import type { Root } from "hast";
import { toJsxRuntime } from "hast-util-to-jsx-runtime";
import { urlAttributes } from "html-url-attributes";
import type { ReactElement } from "react";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
import { type Components, defaultUrlTransform } from "react-markdown";
import rehypeSanitize from "rehype-sanitize";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { SKIP, visit } from "unist-util-visit";
import { remarkCitations } from "./remarkCitations";
import { remarkGfmParsing } from "./remarkGfmParsing";

type ParseListener = (source: string) => void;
const parseListeners = new Set<ParseListener>();

// react-markdown's pipeline (remark-parse, then remark-rehype), built and frozen once: its
// `Markdown` builds a processor and runs every plugin's setup on each call, which costs as much
// as parsing a growing block of a streamed reply. Raw HTML reaches the tree as `raw` nodes,
// removed below (react-markdown's `skipHtml`).
const processor = unified()
  .use(remarkParse)
  .use(remarkGfmParsing)
  .use(remarkCitations)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeSanitize)
  .freeze();

/**
 * Formats markdown source with the one pipeline every reply goes through: GitHub-flavoured
 * markdown, raw HTML skipped, the result sanitized, URLs through react-markdown's default
 * transform (which drops `javascript:`, `data:` and other non-web protocols). The same output as
 * react-markdown's `<Markdown skipHtml remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]}>`.
 * This is where all markdown parsing happens.
 */
export function formatMarkdown(source: string, components?: Components): ReactElement {
  for (const listener of parseListeners) listener(source);
  const tree = processor.runSync(processor.parse(source)) as Root;
  visit(tree, (node, index, parent) => {
    if (node.type === "raw") {
      if (parent && index !== undefined) parent.children.splice(index, 1);
      return [SKIP, index];
    }
    if (node.type !== "element") return;
    for (const [name, tags] of Object.entries(urlAttributes)) {
      if (!Object.hasOwn(node.properties, name)) continue;
      if (tags !== null && !tags.includes(node.tagName)) continue;
      node.properties[name] = defaultUrlTransform(String(node.properties[name] ?? ""));
    }
  });
  return toJsxRuntime(tree, {
    Fragment,
    jsx,
    jsxs,
    components,
    ignoreInvalidStyle: true,
    passKeys: true,
    passNode: true,
  }) as ReactElement;
}

/** Calls `listener` with the source of every parse, until the returned function is called. */
export function observeMarkdownParses(listener: ParseListener): () => void {
  parseListeners.add(listener);
  return () => {
    parseListeners.delete(listener);
  };
}
