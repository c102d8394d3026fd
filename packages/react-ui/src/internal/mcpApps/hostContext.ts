import type { McpUiHostContext } from "@modelcontextprotocol/ext-apps/app-bridge";

/** The MCP Apps style variables Crayon's theme fills, from the `--crayon-*` variable each reads. */
const STYLE_VARIABLES = {
  "--color-background-primary": "--crayon-background",
  "--color-background-secondary": "--crayon-surface",
  "--color-background-tertiary": "--crayon-surface-hover",
  "--color-background-danger": "--crayon-danger-surface",
  "--color-text-primary": "--crayon-text",
  "--color-text-secondary": "--crayon-text-muted",
  "--color-text-info": "--crayon-accent",
  "--color-text-danger": "--crayon-danger",
  "--color-text-success": "--crayon-success",
  "--color-border-primary": "--crayon-border",
  "--color-ring-primary": "--crayon-accent",
  "--font-sans": "--crayon-font-family",
  "--font-mono": "--crayon-font-family-mono",
  "--font-text-md-size": "--crayon-font-size",
  "--border-radius-sm": "--crayon-radius-small",
  "--border-radius-md": "--crayon-radius-small",
  "--border-radius-lg": "--crayon-radius",
} as const;

/** Light or dark, as the chat around `element` is themed (`data-crayon-theme`). */
export function themeOf(element: Element): "light" | "dark" {
  const root = element.closest("[data-crayon-theme]");
  if (root) return root.getAttribute("data-crayon-theme") === "dark" ? "dark" : "light";
  // A chat without Crayon's theme provider follows the page.
  return globalThis.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** What the host tells an app about where it is shown; the parts that change are passed in. */
export type HostPlacement = {
  displayMode: "inline" | "fullscreen";
  /** The frame's width, and its height when fixed (full screen) or the most it grows (inline). */
  width: number;
  height: number;
};

/**
 * The host context of an app shown in `element`: its theme and Crayon's colours and fonts as
 * MCP Apps style variables, the display mode and room, the user's locale and time zone, and the
 * tool call it renders.
 */
export function hostContextOf(
  element: Element,
  placement: HostPlacement,
  toolInfo: McpUiHostContext["toolInfo"],
): McpUiHostContext {
  const style = getComputedStyle(element);
  const variables: Record<string, string> = {};
  for (const [name, source] of Object.entries(STYLE_VARIABLES)) {
    const value = style.getPropertyValue(source).trim();
    if (value) variables[name] = value;
  }
  const { displayMode, width, height } = placement;
  return {
    theme: themeOf(element),
    // Only the variables Crayon has a value for; the app keeps its own defaults for the rest.
    styles: { variables: variables as NonNullable<McpUiHostContext["styles"]>["variables"] },
    displayMode,
    availableDisplayModes: ["inline", "fullscreen"],
    containerDimensions:
      displayMode === "fullscreen" ? { width, height } : { width, maxHeight: height },
    // The chat's own locale when it has one (its `lang`), else the browser's.
    locale: element.closest(".crayon-chat[lang]")?.getAttribute("lang") ?? navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    platform: "web",
    deviceCapabilities: {
      touch: globalThis.matchMedia?.("(pointer: coarse)").matches ?? false,
      hover: globalThis.matchMedia?.("(hover: hover)").matches ?? true,
    },
    ...(toolInfo && { toolInfo }),
  };
}
