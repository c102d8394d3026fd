import { type DemoProtocol, demoProtocols } from "@crayonai/demo-agent/client";

/** The three `CrayonChat` layouts. */
export const layouts = ["standalone", "copilot", "bottom-tray"] as const;

/** A `CrayonChat` layout (`type` prop). */
export type Layout = (typeof layouts)[number];

/** Light or dark. */
export type ThemeMode = "light" | "dark";

/** What the toolbar controls; kept in the URL so a link reopens the same view. */
export type Settings = {
  protocol: DemoProtocol;
  layout: Layout;
  theme: ThemeMode;
};

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.find((option) => option === value) ?? fallback;
}

/** Reads `?protocol=`, `?layout=` and `?theme=`; unknown or missing values fall back to the defaults. */
export function readSettings(search: string): Settings {
  const params = new URLSearchParams(search);
  return {
    protocol: pick(params.get("protocol"), demoProtocols, "crayon"),
    layout: pick(params.get("layout"), layouts, "standalone"),
    theme: pick(params.get("theme"), ["light", "dark"] as const, "light"),
  };
}

/** Writes the settings into the current URL without reloading the page (other params are kept). */
export function writeSettings(settings: Settings): void {
  const url = new URL(window.location.href);
  url.searchParams.set("protocol", settings.protocol);
  url.searchParams.set("layout", settings.layout);
  url.searchParams.set("theme", settings.theme);
  window.history.replaceState(null, "", url);
}
