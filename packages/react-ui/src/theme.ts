import type { CSSProperties } from "react";

/** A `--crayon-*` CSS custom property (see the README for the full list). */
export type CrayonCssVariable = `--crayon-${string}`;

/** The look of `CrayonChat`: light or dark, plus any CSS variables to override. */
export type ThemeProps = {
  /** Default `"light"`. */
  mode?: "light" | "dark";
  /**
   * Overrides, e.g. `{ "--crayon-accent": "#7c3aed", "--crayon-radius": "8px" }`. Only
   * `--crayon-*` keys with plain values apply: a value with `;`, `{`, `}`, `\`, or a function
   * that loads a resource (`url(`, `image(`, `image-set(`, `src(`) is dropped.
   */
  variables?: Partial<Record<CrayonCssVariable, string>>;
};

const variableName = /^--crayon-[a-z0-9-]+$/i;
// A theme often comes from settings or a URL: it may set colours and sizes, never load a
// resource or break out of the declaration (a backslash could spell `url(` as an escape).
const unsafeValue = /[;{}\\]|(?:url|image|image-set|src)\s*\(/i;

/** The theme's variables that are safe to apply as inline custom properties. */
function safeVariables(variables: ThemeProps["variables"]): CSSProperties | undefined {
  if (variables === null || typeof variables !== "object") return undefined;
  const style: Record<string, string> = {};
  let kept = 0;
  for (const [name, value] of Object.entries(variables)) {
    if (!variableName.test(name) || typeof value !== "string" || unsafeValue.test(value)) {
      warnDropped(name);
      continue;
    }
    style[name] = value;
    kept++;
  }
  // Custom properties are valid inline style keys; React's type only lacks them.
  return kept > 0 ? (style as CSSProperties) : undefined;
}

const warned = new Set<string>();

/** Says once per name why an override has no effect, so a typo is not a silent mystery. */
function warnDropped(name: string): void {
  if (warned.has(name)) return;
  warned.add(name);
  console.warn(
    `CrayonChat: theme.variables["${name}"] was not applied (only --crayon-* variables with plain values are).`,
  );
}

/** The attributes that apply a theme to the chat's root element. */
export function themeAttributes(theme: ThemeProps | undefined): {
  "data-crayon-theme": "light" | "dark";
  style: CSSProperties | undefined;
} {
  return {
    "data-crayon-theme": theme?.mode === "dark" ? "dark" : "light",
    style: safeVariables(theme?.variables),
  };
}
