/** Renders rows as a plain-text table with aligned columns (numbers right-aligned). */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => (row[i] ?? "").length)),
  );
  // A column of figures (cells starting with a digit, "~" or "–" for none) is right-aligned.
  const numeric = header.map((_, i) => rows.every((row) => /^(~?\d|–$)/.test(row[i] ?? "–")));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

export const fixed = (value: number, digits = 1) => value.toFixed(digits);

/** 12 ms, 1.53 s. */
export function duration(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(ms >= 10_000 ? 1 : 2)} s`;
  return `${ms.toFixed(ms >= 100 ? 0 : 1)} ms`;
}

/** 163k, 1.2M. */
export function count(value: number): string {
  if (value >= 1e6) return `${(value / 1e6).toFixed(2)}M`;
  if (value >= 1e3) return `${(value / 1e3).toFixed(0)}k`;
  return value.toFixed(0);
}

export const ratio = (value: number) => `${value.toFixed(2)}×`;
