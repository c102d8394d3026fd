import { type DemoProtocol, demoProtocols } from "@crayonai/demo-agent/client";

/** The three `CrayonChat` layouts. */
export const layouts = ["standalone", "copilot", "bottom-tray"] as const;

/** A `CrayonChat` layout (`type` prop). */
export type Layout = (typeof layouts)[number];

/** Light or dark. */
export type ThemeMode = "light" | "dark";

/** The chat's languages: English (bundled) and Arabic (its catalogue loaded when chosen). */
export const locales = ["en", "ar"] as const;

/** A `CrayonChat` locale (`locale` prop). */
export type Locale = (typeof locales)[number];

/** What the toolbar controls; kept in the URL so a link reopens the same view. */
export type Settings = {
  protocol: DemoProtocol;
  layout: Layout;
  theme: ThemeMode;
  /** The inspector (request, wire, events and messages of each reply) shown beside the chat. */
  inspector: boolean;
  /** The chat's language; `ar` is right to left. */
  locale: Locale;
};

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.find((option) => option === value) ?? fallback;
}

/**
 * Reads `?protocol=`, `?layout=`, `?theme=`, `?inspector=1` and `?locale=ar`; unknown or missing
 * values fall back to the defaults.
 */
export function readSettings(search: string): Settings {
  const params = new URLSearchParams(search);
  return {
    protocol: pick(params.get("protocol"), demoProtocols, "crayon"),
    layout: pick(params.get("layout"), layouts, "standalone"),
    theme: pick(params.get("theme"), ["light", "dark"] as const, "light"),
    inspector: params.get("inspector") === "1",
    locale: pick(params.get("locale"), locales, "en"),
  };
}

/** Writes the settings into the current URL without reloading the page (other params are kept). */
export function writeSettings(settings: Settings): void {
  const url = new URL(window.location.href);
  url.searchParams.set("protocol", settings.protocol);
  url.searchParams.set("layout", settings.layout);
  url.searchParams.set("theme", settings.theme);
  if (settings.inspector) url.searchParams.set("inspector", "1");
  else url.searchParams.delete("inspector");
  if (settings.locale !== "en") url.searchParams.set("locale", settings.locale);
  else url.searchParams.delete("locale");
  window.history.replaceState(null, "", url);
}
