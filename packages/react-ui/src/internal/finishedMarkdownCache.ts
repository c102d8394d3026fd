import type { Components } from "react-markdown";
import type { MarkdownStream } from "./markdownStream";

/** How many finished texts keep their formatting after their view unmounts. */
const CAPACITY = 200;

type Entry = { stream: MarkdownStream; components: Components | undefined };

/**
 * The formatting of finished markdown whose view unmounted, by text: a windowed message list
 * unmounts rows that scroll away, and a row that scrolls back takes its formatted blocks from
 * here instead of parsing its markdown again. Least recently stored first out; an entry is
 * taken (removed) by the view that reuses it, so no two views share one stream.
 */
const entries = new Map<string, Entry>();

/** Keeps a finished, fully formatted text's stream for a later view of the same text. */
export function keepFinishedMarkdown(
  text: string,
  components: Components | undefined,
  stream: MarkdownStream,
): void {
  entries.delete(text);
  entries.set(text, { stream, components });
  if (entries.size > CAPACITY) entries.delete(entries.keys().next().value!);
}

/** The kept stream of `text` formatted with `components`, removed from the cache; or undefined. */
export function takeFinishedMarkdown(
  text: string,
  components: Components | undefined,
): MarkdownStream | undefined {
  const entry = entries.get(text);
  if (!entry) return undefined;
  entries.delete(text);
  return entry.components === components ? entry.stream : undefined;
}
