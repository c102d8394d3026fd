/** The name of the highlight search paints (`::highlight(crayon-search)` in the stylesheet). */
const HIGHLIGHT_NAME = "crayon-search";

type HighlightRegistry = { set(name: string, value: unknown): void; delete(name: string): void };
type HighlightConstructor = new (...ranges: Range[]) => unknown;

function highlightApi(): { registry: HighlightRegistry; Highlight: HighlightConstructor } | null {
  const registry = (globalThis.CSS as { highlights?: HighlightRegistry } | undefined)?.highlights;
  const Highlight = (globalThis as { Highlight?: HighlightConstructor }).Highlight;
  return registry && Highlight ? { registry, Highlight } : null;
}

/**
 * The ranges of `root`'s text that read `query` (case ignored), in document order. A match
 * split across elements (half of it bold) is not found: the row is still marked as a whole.
 */
export function textRangesOf(root: Element, query: string): Range[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const ranges: Range[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.nodeValue ?? "").toLowerCase();
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
      const range = root.ownerDocument.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + needle.length);
      ranges.push(range);
    }
  }
  return ranges;
}

/**
 * Paints `ranges` as search matches with the CSS Custom Highlight API, which changes no markup
 * (React keeps owning the rows). Where the API is missing nothing is painted.
 */
export function paintSearchHighlight(ranges: readonly Range[]): void {
  const api = highlightApi();
  if (!api) return;
  if (ranges.length === 0) api.registry.delete(HIGHLIGHT_NAME);
  else api.registry.set(HIGHLIGHT_NAME, new api.Highlight(...ranges));
}
