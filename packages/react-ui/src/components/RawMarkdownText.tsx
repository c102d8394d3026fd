import { memo, useEffect, useRef } from "react";
import { PENDING_BLOCK_ATTRIBUTE } from "../internal/markdown/blocksInView";
import type { RawChunk } from "../internal/markdown/rawTextChunks";
import { CodeBlockHeader } from "./CodeBlock";

/** Props of {@link RawMarkdownText}. */
export type RawMarkdownTextProps = {
  /** The text, in pieces that keep their identity while the text grows. */
  chunks: readonly RawChunk[];
  /** Shown as a code block (with a copy button) rather than as text. */
  code?: { language?: string; copyText: () => string };
  /** The block waits to be formatted: its element is registered (see `blocksInView`). */
  pending?: { key: number; register: (element: Element, key: number) => () => void };
};

const Chunk = memo(function Chunk({ text }: { text: string }) {
  return <span className="crayon-markdown__raw-chunk">{text}</span>;
});

/**
 * Markdown shown as its text: a block too large to format in one main-thread task, or one
 * waiting for its turn. Each piece is its own element, skipped by layout while off screen
 * (`content-visibility: auto`), so a 20 MB reply stays responsive. The text is selectable and
 * copies as written.
 */
export function RawMarkdownText({ chunks, code, pending }: RawMarkdownTextProps) {
  const ref = useRef<HTMLDivElement>(null);
  const key = pending?.key;
  const register = pending?.register;
  useEffect(() => {
    const element = ref.current;
    if (!element || !register || key === undefined) return;
    return register(element, key);
  }, [key, register]);
  const pieces = chunks.map((chunk) => <Chunk key={chunk.start} text={chunk.text} />);
  const marker = pending ? { [PENDING_BLOCK_ATTRIBUTE]: "" } : undefined;
  if (!code) {
    return (
      <div ref={ref} className="crayon-markdown__raw" {...marker}>
        {pieces}
      </div>
    );
  }
  return (
    <div ref={ref} className="crayon-code-block" {...marker}>
      <CodeBlockHeader language={code.language} copyText={code.copyText} />
      {/* Long lines scroll sideways: keyboard users need to reach the scrollable block. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region */}
      <pre className="crayon-code-block__pre" tabIndex={0}>
        <code className={code.language ? `language-${code.language}` : undefined}>{pieces}</code>
      </pre>
    </div>
  );
}
