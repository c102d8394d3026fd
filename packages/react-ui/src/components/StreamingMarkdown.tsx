import { memo, useCallback, useEffect, useReducer, useRef, useState } from "react";
import type { Components } from "react-markdown";
import { blocksInView } from "../internal/markdown/blocksInView";
import {
  type BlockView,
  MarkdownStream,
  type MarkdownStreamLimits,
} from "../internal/markdown/markdownStream";
import { RawMarkdownText } from "./RawMarkdownText";

/** Props of {@link StreamingMarkdown}. */
export type StreamingMarkdownProps = {
  /** Markdown text; while it streams it only grows. */
  children: string;
  /** Element overrides, passed to react-markdown for every block. */
  components?: Components;
  /**
   * The text is still streaming (default true): new versions are taken at most every 50 ms
   * and the growing block is healed. Once false, the newest text is shown at once, as written.
   */
  isStreaming?: boolean;
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
 * Blocks are rendered in groups of this many. A group whose blocks did not change is skipped
 * whole, so an update reconciles groups, not every block of a huge reply; and a group off
 * screen skips style and layout (`content-visibility` in the stylesheet), so the browser's work
 * per update does not grow with the reply either.
 */
const GROUP_SIZE = 32;

type GroupProps = { views: readonly BlockView[]; register: Register; isLast: boolean };

const sameViews = (a: GroupProps, b: GroupProps) =>
  a.register === b.register &&
  a.isLast === b.isLast &&
  a.views.length === b.views.length &&
  a.views.every((view, i) => view === b.views[i]);

/** A run of consecutive blocks (the last one may hold the growing block). */
const BlockGroup = memo(function BlockGroup({ views, register, isLast }: GroupProps) {
  return (
    <div className={`crayon-markdown__group${isLast ? " crayon-markdown__group--last" : ""}`}>
      {views.map((view) => (
        <Block key={view.key} view={view} register={register} />
      ))}
    </div>
  );
}, sameViews);

/**
 * Markdown that is re-rendered as it streams, at a cost linear in its length: complete
 * top-level blocks are parsed once and kept (memoised by their start offset); only the last,
 * still-growing block is parsed again on each update. Huge text is handled in bounded steps
 * (see `MarkdownStream`). Renders the blocks in groups (`div.crayon-markdown__group`).
 */
export function StreamingMarkdown({
  children,
  components,
  limits,
  isStreaming = true,
}: StreamingMarkdownProps) {
  const [stream] = useState(() => new MarkdownStream(limits));
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const view = stream.update(children, components, !isStreaming);
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

  // The growing block sits where it will stay once complete: a block never changes group.
  const views = view.tail ? [...view.blocks, view.tail] : view.blocks;
  const groups: (readonly BlockView[])[] = [];
  for (let start = 0; start < views.length; start += GROUP_SIZE) {
    groups.push(views.slice(start, start + GROUP_SIZE));
  }
  return (
    <>
      {groups.map((group, index) => (
        <BlockGroup
          // biome-ignore lint/suspicious/noArrayIndexKey: a group is its position (blocks never move)
          key={index}
          views={group}
          register={register}
          isLast={index === groups.length - 1}
        />
      ))}
    </>
  );
}
