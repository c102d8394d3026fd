import { writeSearchParam } from "@crayonai/demo-ui";

/** What the console's main area shows: the chat, or Workdeck's landing page (its actions). */
export type ConsoleView = "chat" | "actions";

/** `?view=actions` when the landing page was shown (kept across reloads), else the chat. */
export function initialView(): ConsoleView {
  return new URLSearchParams(window.location.search).get("view") === "actions" ? "actions" : "chat";
}

/** Writes the view into the URL without reloading (other params are kept). */
export function writeViewToUrl(view: ConsoleView): void {
  writeSearchParam("view", view === "actions" ? "actions" : null);
}
