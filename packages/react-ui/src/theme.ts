import type { CSSProperties } from "react";

/** A `--crayon-*` CSS custom property (see the README for the full list). */
export type CrayonCssVariable = `--crayon-${string}`;

/** The look of `CrayonChat`: light or dark, plus any CSS variables to override. */
export type ThemeProps = {
  /** Default `"light"`. */
  mode?: "light" | "dark";
  /** Overrides, e.g. `{ "--crayon-accent": "#7c3aed", "--crayon-radius": "8px" }`. */
  variables?: Partial<Record<CrayonCssVariable, string>>;
};

/** The attributes that apply a theme to the chat's root element. */
export function themeAttributes(theme: ThemeProps | undefined): {
  "data-crayon-theme": "light" | "dark";
  style: CSSProperties | undefined;
} {
  return {
    "data-crayon-theme": theme?.mode ?? "light",
    // Custom properties are valid inline style keys; React's type only lacks them.
    style: theme?.variables as CSSProperties | undefined,
  };
}
