import { END_MARKER } from "../replyMarkdown";

/** What each contender's page exposes to the runner. */
export type BenchApi = {
  /** The page is mounted and can send. */
  ready: boolean;
  /** Sends a user message, as the page's composer would. */
  send: (text: string) => void;
  /** Opens the stored conversation (history mode). */
  loadHistory: () => void;
  /** The contender reported the end of the reply (or, in history mode, the load began). */
  finished: boolean;
  /** Why the reply failed, as the contender reported it. */
  error?: string;
  /** The assistant reply is in the DOM to its last word. */
  rendered: () => boolean;
};

declare global {
  interface Window {
    bench?: BenchApi;
  }
}

/**
 * True when the last leaf element under `root` holds the reply's final word. Walks only down the
 * last children, so it costs the tree's depth, not its size: the runner calls it every frame.
 */
export function endsWithMarker(root: Element | null | undefined): boolean {
  let element = root;
  if (!element) return false;
  while (element.lastElementChild) element = element.lastElementChild;
  return element.textContent?.includes(END_MARKER) ?? false;
}

/** The page's mode from its URL: a streamed reply, or the finished reply loaded from history. */
export function pageMode(): "stream" | "history" {
  return new URLSearchParams(location.search).get("mode") === "history" ? "history" : "stream";
}

/** Creates `window.bench` with its flags; the page fills in `send`, `loadHistory`, `rendered`. */
export function createBenchApi(rendered: () => boolean): BenchApi {
  const notYet = () => {
    throw new Error("the page is not mounted yet");
  };
  const api: BenchApi = {
    ready: false,
    send: notYet,
    loadHistory: notYet,
    finished: false,
    rendered,
  };
  window.bench = api;
  return api;
}
