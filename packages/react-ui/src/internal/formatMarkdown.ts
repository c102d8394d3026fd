import type { ReactElement } from "react";
import Markdown, { type Components } from "react-markdown";
import rehypeSanitize from "rehype-sanitize";
import remarkGfm from "remark-gfm";

const remarkPlugins = [remarkGfm];
const rehypePlugins = [rehypeSanitize];

type ParseListener = (source: string) => void;
const parseListeners = new Set<ParseListener>();

/**
 * Formats markdown source with the one pipeline every reply goes through: GitHub-flavoured
 * markdown, raw HTML skipped, the result sanitized, URLs through react-markdown's default
 * transform (which drops `javascript:`, `data:` and other non-web protocols). This is where
 * all markdown parsing happens.
 */
export function formatMarkdown(source: string, components?: Components): ReactElement {
  for (const listener of parseListeners) listener(source);
  // react-markdown's `Markdown` is a plain function of its props (no hooks): calling it here
  // lets a block be parsed once and its elements kept.
  return Markdown({ children: source, remarkPlugins, rehypePlugins, skipHtml: true, components });
}

/** Calls `listener` with the source of every parse, until the returned function is called. */
export function observeMarkdownParses(listener: ParseListener): () => void {
  parseListeners.add(listener);
  return () => {
    parseListeners.delete(listener);
  };
}
