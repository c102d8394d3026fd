/**
 * A readable plain-text version of markdown, for screen reader announcements: markup
 * characters would otherwise be read aloud ("star star there star star").
 */
export function markdownToPlainText(markdown: string): string {
  return (
    markdown
      // Code fences: keep the code, drop the fence lines.
      .replace(/^\s*(```|~~~).*$/gm, "")
      // Tables: a delimiter row carries nothing; a row reads as its cells ("Paris, 18 °C.").
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
      // Images and links: keep their text.
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
      // Headings, quotes and list markers at line starts.
      .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+(\[[ xX]\]\s+)?|\d+[.)]\s+)/gm, "")
      // Emphasis, strikethrough and inline code markers.
      .replace(/(\*\*|~~|\*|`)(?=\S)([\s\S]*?\S)\1/g, "$2")
      // Underscores emphasise only outside words (snake_case stays as it is).
      .replace(/(^|\W)(__|_)(?=\S)([\s\S]*?\S)\2(?!\w)/g, "$1$3")
      .replace(/\s+/g, " ")
      .trim()
  );
}
