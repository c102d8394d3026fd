import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import type { Processor } from "unified";

/**
 * GitHub-flavoured markdown for parsing only: remark-gfm's parser half (tables, task lists,
 * strikethrough, autolinks, footnotes). remark-gfm also registers the serializer half, which
 * pulls mdast-util-to-markdown into the bundle although replies are never written back out.
 */
export function remarkGfmParsing(this: Processor): void {
  const data = this.data();
  data.micromarkExtensions = [...(data.micromarkExtensions ?? []), gfm()];
  data.fromMarkdownExtensions = [...(data.fromMarkdownExtensions ?? []), gfmFromMarkdown()];
}
