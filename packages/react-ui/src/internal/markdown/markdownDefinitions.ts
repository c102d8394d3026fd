// Link reference and footnote definitions: they apply to the whole document, so a block
// rendered alone gets the definitions it refers to.

/** A link reference or footnote definition, as written. */
export type MarkdownDefinition = {
  readonly start: number;
  readonly source: string;
};

/**
 * A `[label]: destination "title"` both markdown parsers read the same way: no escapes or
 * nested brackets, at most one line break before the destination and one before the title.
 */
const SIMPLE_DEFINITION =
  /^ {0,3}\[[^\]\n\\]+\]:[ \t]*\n?[ \t]*(?:<[^<>\n\\]*>|[^\s<>\\]+)(?:[ \t]*\n?[ \t]*(?:"[^"\n\\]*"|'[^'\n\\]*'|\([^()\n\\]*\)))?[ \t]*\n*$/;

export function isSimpleDefinition(raw: string): boolean {
  return SIMPLE_DEFINITION.test(raw);
}

/** The identifier a definition's label matches references by (CommonMark: case and spaces fold). */
export function labelOf(source: string): string {
  const label = /^ {0,3}\[([^\]]+)\]:/.exec(source)?.[1] ?? "";
  return label.trim().replace(/\s+/g, " ").toLowerCase();
}

/**
 * The source to format for the blocks `text[start, end)`: the blocks, preceded by the
 * definitions found elsewhere in the document that they refer to (their text has
 * `[label]`). Definitions render nothing; placed first they cannot be swallowed by an open
 * block. Where a label is defined twice the first definition in the document wins, as in the
 * whole document.
 */
export function segmentSource(
  text: string,
  start: number,
  end: number,
  definitions: readonly MarkdownDefinition[],
): string {
  const own = text.slice(start, end);
  if (definitions.length === 0 || !own.includes("]")) return own;
  const lower = own.toLowerCase();
  const used: string[] = [];
  const defined = new Set<string>();
  const use = (definition: MarkdownDefinition) => {
    const label = labelOf(definition.source);
    if (defined.has(label) || !lower.includes(`[${label}]`)) return;
    used.push(definition.source);
    defined.add(label);
  };
  // Document order decides which of two definitions of a label counts.
  for (const definition of definitions) if (definition.start < start) use(definition);
  for (const definition of definitions) {
    if (definition.start >= start && definition.start < end)
      defined.add(labelOf(definition.source));
  }
  for (const definition of definitions) if (definition.start >= end) use(definition);
  return used.length ? `${used.join("\n")}\n\n${own}` : own;
}
