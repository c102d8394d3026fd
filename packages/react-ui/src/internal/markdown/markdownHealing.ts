import type { Token, Tokens } from "marked";
import remend from "remend";
import { lexBlocks, type PlacedToken } from "./markdownLexing";

// An image whose URL has not all arrived yet: shown as nothing until it has.
const UNFINISHED_IMAGE = /!\[[^\]\n]*(?:\]\([^)\s]*)?$/;

/**
 * The one place to repair the growing block before it is formatted, while the text streams:
 * `remend` closes an unfinished `**bold`, `` `code ``, `~~strike`, link or image, so they do
 * not flicker as raw markers. An unfinished link shows as its text (it has no URL yet), an
 * unfinished image as nothing. Complete blocks and finished text are never changed.
 */
export function healGrowingBlock(source: string): string {
  // Inline markup never spans a block, so only the block the text ends in can hold an
  // unfinished marker, and only if it is prose: closing a marker another block left open for
  // good (a `***` rule, an earlier paragraph), or writing into code, would change what shows.
  const from = lastProseStart(source);
  if (from === undefined) return source;
  const last = source.slice(from);
  const healed = heal(last);
  return healed === last ? source : source.slice(0, from) + healed;
}

/**
 * Where the text's last stretch of prose starts: the last top-level block, after its last blank
 * line (a list or quote holds several). Undefined when the text ends in a block without inline
 * markup (code, HTML, a rule, a definition) or in none.
 */
function lastProseStart(source: string): number | undefined {
  const tokens = lexBlocks(source);
  let last: PlacedToken | undefined;
  for (const placed of tokens ?? []) if (placed.token.type !== "space") last = placed;
  if (!last || !endsInProse(last.token)) return undefined;
  let from = last.start;
  for (const blank of source.slice(last.start).matchAll(BLANK_LINE)) {
    from = last.start + blank.index + blank[0].length;
  }
  return from;
}

const BLANK_LINE = /\n[ \t]*\r?\n/g;

/** Whether a block token ends in inline markup, looking into the last item of a list or quote. */
function endsInProse(token: Token): boolean {
  switch (token.type) {
    case "paragraph":
    case "heading":
    case "text":
    case "table":
      return true;
    case "list": {
      const item = (token as Tokens.List).items.at(-1);
      return item !== undefined && endsInProseTokens(item.tokens);
    }
    case "blockquote":
      return endsInProseTokens((token as Tokens.Blockquote).tokens);
    default:
      return false;
  }
}

function endsInProseTokens(tokens: readonly Token[]): boolean {
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i]!;
    if (token.type !== "space" && token.type !== "checkbox") return endsInProse(token);
  }
  return false;
}

function heal(source: string): string {
  return remend(source, { linkMode: "text-only", images: false }).replace(UNFINISHED_IMAGE, "");
}
