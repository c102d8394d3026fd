/**
 * The words of markdown as a reader sees them, without the characters that only mark it up:
 * code fences, table pipes, link targets, heading, quote and list markers, emphasis. A table
 * row reads as its cells ("Paris, 18 °C."). Line breaks are kept (runs of blank lines become
 * one break) so a caller can take the first line; `.replace(/\s+/g, " ")` makes it one line.
 * Used for thread titles and previews, search and screen reader announcements, where markup
 * read aloud or shown raw ("star star bold star star", `# Heading`) is noise.
 *
 * @example
 * ```ts
 * import { markdownToPlainText } from "@crayonai/stream/text";
 * markdownToPlainText("# Tour\n\nSee **the** [docs](https://example.com)."); // "Tour\nSee the docs."
 * ```
 */
export function markdownToPlainText(markdown: string): string {
  return tidyLines(
    markdown
      // Code fences: keep the code, drop the fence lines.
      .replace(/^[ \t]*(```|~~~).*$/gm, "")
      // Tables: a delimiter row carries nothing; a row reads as its cells.
      .replace(/^[ \t]*\|?([ \t]*:?-+:?[ \t]*\|)+[ \t]*:?-*:?[ \t]*$/gm, "")
      .replace(
        /^[ \t]*\|(.*?)\|?[ \t]*$/gm,
        (_row, cells: string) =>
          `${cells
            .split("|")
            .map((cell) => cell.trim())
            .filter(Boolean)
            .join(", ")}.`,
      )
      // Images and links: keep their text. Inline HTML tags carry none.
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/<\/?[a-zA-Z][^>]*>/g, " ")
      // Headings, quotes and list markers (with task boxes) at line starts.
      .replace(
        /^[ \t]{0,3}(#{1,6}[ \t]+|>[ \t]?|[-*+][ \t]+(\[[ xX]\][ \t]+)?|\d+[.)][ \t]+)/gm,
        "",
      )
      // Emphasis, strikethrough and inline code markers.
      .replace(/(\*\*|~~|\*|`)(?=\S)([\s\S]*?\S)\1/g, "$2")
      // Underscores emphasise only outside words (snake_case stays as it is).
      .replace(/(^|\W)(__|_)(?=\S)([\s\S]*?\S)\2(?!\w)/g, "$1$3"),
  );
}

/** `text` with runs of spaces made one and blank lines dropped, trimmed. */
export function tidyLines(text: string): string {
  return text
    .replace(/[^\S\n]+/g, " ")
    .replace(/ ?\n\s*/g, "\n")
    .trim();
}
