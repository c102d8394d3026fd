import { memo, useCallback, useEffect, useReducer, useRef, useState } from "react";
import type { Components } from "react-markdown";
import { blocksInView } from "../internal/blocksInView";
import {
  type BlockView,
  MarkdownStream,
  type MarkdownStreamLimits,
} from "../internal/markdownStream";
import { RawMarkdownText } from "./RawMarkdownText";

/** Props of {@link StreamingMarkdown}. */
export type StreamingMarkdownProps = {
  /** Markdown text; while it streams it only grows. */
  children: string;
  /** Element overrides, passed to react-markdown for every block. */
  components?: Components;
  /** Smaller limits let tests reach the huge-text paths with little text. */
  limits?: Partial<MarkdownStreamLimits>;
};

/** Runs `callback` in a new task after `delayMs`; returns a cancel function. */
function soon(callback: () => void, delayMs: number): () => void {
  const timer = setTimeout(callback, delayMs);
  return () => clearTimeout(timer);
}

/** Runs `callback` when the main thread is idle (within a second); returns a cancel function. */
function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(callback, { timeout: 1000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(callback, 50);
  return () => clearTimeout(timer);
}

type Register = (element: Element, key: number) => () => void;
type BlockProps = { view: BlockView; register: Register };

/** One block: its kept elements once formatted, else its text. */
const Block = memo(function Block({ view, register }: BlockProps) {
  if (view.formatted) return view.formatted;
  if (!view.raw) return null;
  return (
    <RawMarkdownText
      chunks={view.raw.chunks}
      code={view.raw.code}
      {...(view.pending && { pending: { key: view.key, register } })}
    />
  );
});

/**
 * Markdown that is re-rendered as it streams, at a cost linear in its length: complete
 * top-level blocks are parsed once and kept (memoised by their start offset); only the last,
 * still-growing block is parsed again on each update. Huge text is handled in bounded steps
 * (see `MarkdownStream`). Renders the blocks without a wrapper element.
 */
export function StreamingMarkdown({ children, components, limits }: StreamingMarkdownProps) {
  const [stream] = useState(() => new MarkdownStream(limits));
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const view = stream.update(children, components);
  // The elements of blocks waiting to be formatted, by element.
  const pending = useRef(new Map<Element, number>());
  const register = useCallback<Register>((element, key) => {
    pending.current.set(element, key);
    return () => pending.current.delete(element);
  }, []);

  // Work left (text to lex, blocks to format) continues in later tasks, blocks in view first.
  useEffect(() => {
    if (!view.busy) return;
    const next = () => {
      stream.want(blocksInView(pending.current));
      rerender();
    };
    return view.urgent ? soon(next, view.delayMs) : whenIdle(next);
  });

  return (
    <>
      {view.blocks.map((block) => (
        <Block key={block.key} view={block} register={register} />
      ))}
      {view.tail && <Block key={view.tail.key} view={view.tail} register={register} />}
    </>
  );
}
