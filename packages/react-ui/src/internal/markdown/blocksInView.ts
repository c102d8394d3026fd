/** Marks the element of a block waiting to be formatted (see {@link blocksInView}). */
export const PENDING_BLOCK_ATTRIBUTE = "data-crayon-pending";

/** Fractions of the viewport's height probed for blocks. */
const PROBES = [0.02, 0.25, 0.5, 0.75, 0.98];

/**
 * The keys of the waiting blocks on screen. A few points down the viewport are hit-tested:
 * constant work however many blocks wait (watching each of thousands of blocks costs every
 * frame). `elements` maps each waiting block's element to its key. Empty where there is no
 * layout (no `elementFromPoint`).
 */
export function blocksInView(elements: ReadonlyMap<Element, number>): number[] {
  const first = elements.keys().next().value;
  if (!first || typeof document.elementFromPoint !== "function") return [];
  // Every block of a reply sits in the same column.
  const column = first.getBoundingClientRect();
  const x = Math.min(Math.max(column.left + 8, 0), window.innerWidth - 1);
  const keys = new Set<number>();
  for (const probe of PROBES) {
    const hit = document.elementFromPoint(x, window.innerHeight * probe);
    const block = hit?.closest(`[${PENDING_BLOCK_ATTRIBUTE}]`);
    const key = block ? elements.get(block) : undefined;
    if (key !== undefined) keys.add(key);
  }
  return [...keys];
}
