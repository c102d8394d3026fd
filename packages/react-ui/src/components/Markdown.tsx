import { memo } from "react";
import type { Components } from "react-markdown";
import { ImagePolicyContext } from "../internal/imagePolicy";
import { CITATION_HREF } from "../internal/markdown/remarkCitations";
import { useLocale } from "../locale/LocaleProvider";
import { CodeBlock } from "./CodeBlock";
import { RemoteImage } from "./RemoteImage";
import { Citation } from "./Sources";
import { StreamingMarkdown } from "./StreamingMarkdown";

/** A hast node, as far as reading the text of a code block needs. */
type HastNode = {
  type: string;
  value?: string;
  tagName?: string;
  properties?: { className?: unknown };
  children?: HastNode[];
};

function textOf(node: HastNode): string {
  if (node.type === "text") return node.value ?? "";
  return (node.children ?? []).map(textOf).join("");
}

function languageOf(code: HastNode | undefined): string | undefined {
  const classes = code?.properties?.className;
  if (!Array.isArray(classes)) return undefined;
  const language = classes.find((c) => typeof c === "string" && c.startsWith("language-"));
  return typeof language === "string" ? language.slice("language-".length) : undefined;
}

/** How markdown elements render (every block is formatted with this map). */
export const markdownComponents: Components = {
  // Images load only from allowed origins; others wait for a click (see RemoteImage).
  img: ({ node: _node, src, alt }) => (
    <RemoteImage
      src={typeof src === "string" ? src : undefined}
      alt={alt ?? ""}
      className="crayon-markdown__image"
    />
  ),
  // Model output links open in a new tab without giving the page a handle on the opener.
  // A citation marker `[N]` arrives as a link to `#cite-N`: it links to the reply's N-th source.
  a: ({ node: _node, children, ...props }) => {
    const citation = typeof props.href === "string" ? CITATION_HREF.exec(props.href) : null;
    if (citation) return <Citation number={Number(citation[1])} />;
    return (
      <a {...props} rel="noopener noreferrer" target="_blank">
        {children}
      </a>
    );
  },
  // A wide table scrolls in its own box; keyboard users reach it by Tab.
  table: function Table({ node: _node, children }) {
    const { table } = useLocale().messages.markdown;
    return (
      // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region
      <section className="crayon-markdown__table" tabIndex={0} aria-label={table}>
        <table>{children}</table>
      </section>
    );
  },
  // A task list's `- [x]` is a record, not a form: a read-only check with a name, so assistive
  // technology does not meet an unlabelled control. Other inputs never come from markdown.
  input: function Check({ node: _node, type, checked }) {
    const texts = useLocale().messages.markdown;
    return type === "checkbox" ? (
      <input
        type="checkbox"
        className="crayon-markdown__check"
        checked={checked === true}
        disabled
        readOnly
        aria-label={checked === true ? texts.taskDone : texts.taskNotDone}
      />
    ) : null;
  },
  pre: ({ node }) => {
    const root = node as unknown as HastNode | undefined;
    const code = root?.children?.find((child) => child.tagName === "code");
    return (
      <CodeBlock
        code={textOf(code ?? { type: "root" }).replace(/\n$/, "")}
        language={languageOf(code)}
      />
    );
  },
};

/** Props of {@link Markdown}. */
export type MarkdownProps = {
  /** Markdown text (GitHub flavoured), typically model output. */
  children: string;
  /**
   * Origins images may load from without a click; others show a "Load image from host" button.
   * Defaults to what `CrayonChat`'s `allowedImageOrigins` set (the page's own origin and inline
   * raster images when used on its own).
   */
  allowedImageOrigins?: readonly string[];
  /**
   * The text is still growing (a streaming reply): its new versions are shown at most every
   * 50 ms, and its last block is healed (an unfinished `**bold`, `` `code `` or link shows
   * formatted, not as raw markers). Once false, the newest text shows at once, as written.
   * Default true.
   */
  isStreaming?: boolean;
};

/**
 * Renders untrusted markdown safely: raw HTML is skipped, the result is sanitized, and URLs
 * pass react-markdown's default transform (which drops `javascript:`, `data:` and other
 * non-web protocols). Streamed text costs time linear in its length: complete blocks are
 * parsed once, only the growing last block again on each update, and huge text is shown in
 * bounded steps (see "Streamed markdown" in the README).
 */
export const Markdown = memo(function Markdown({
  children,
  allowedImageOrigins,
  isStreaming,
}: MarkdownProps) {
  const markdown = (
    // A reply runs in its own direction: Arabic text in an English chat, and the reverse.
    <div className="crayon-markdown" dir="auto">
      <StreamingMarkdown components={markdownComponents} isStreaming={isStreaming}>
        {children}
      </StreamingMarkdown>
    </div>
  );
  return allowedImageOrigins ? (
    <ImagePolicyContext.Provider value={allowedImageOrigins}>
      {markdown}
    </ImagePolicyContext.Provider>
  ) : (
    markdown
  );
});
