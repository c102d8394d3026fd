import { createRequire } from "node:module";

// jsdom ships no types (and @types/jsdom is not installed): the little used here, typed by hand.
type JSDOMConstructor = new (
  html: string,
  options: { pretendToBeVisual: boolean },
) => { window: Window & typeof globalThis };
const { JSDOM } = createRequire(import.meta.url)("jsdom") as { JSDOM: JSDOMConstructor };

/** What the DOM emulation provides to the benchmark. */
export type BenchDom = {
  container: HTMLElement;
  /** Whether jsdom emulates `requestAnimationFrame` (else a 16 ms timer stands in for it). */
  nativeFrames: boolean;
  /** Animation-frame callbacks run so far. */
  framesRun(): number;
  close(): void;
};

/**
 * Installs a jsdom window as the global DOM, before React DOM is imported (it probes the DOM at
 * import time). Animation frames come from jsdom's `pretendToBeVisual` emulation (60 per second);
 * each frame callback run is counted.
 */
export function installDom(): BenchDom {
  const dom = new JSDOM("<!doctype html><html><body><div id='root'></div></body></html>", {
    pretendToBeVisual: true,
  });
  const { window } = dom;
  const globals = globalThis as Record<string, unknown>;

  const nativeFrames = typeof window.requestAnimationFrame === "function";
  const request: (callback: FrameRequestCallback) => number = nativeFrames
    ? window.requestAnimationFrame.bind(window)
    : (callback) => setTimeout(() => callback(performance.now()), 16) as unknown as number;
  const cancel: (handle: number) => void = nativeFrames
    ? window.cancelAnimationFrame.bind(window)
    : (handle) => clearTimeout(handle);

  let framesRun = 0;
  const requestAnimationFrame = (callback: FrameRequestCallback) =>
    request((time) => {
      framesRun++;
      callback(time);
    });

  // Node's own globals (Event, fetch, Response, navigator on newer Node) are kept.
  const fromWindow = [
    "document",
    "navigator",
    "Node",
    "Element",
    "HTMLElement",
    "HTMLIFrameElement",
    "Text",
    "MutationObserver",
    "getComputedStyle",
  ] as const;
  globals.window = window;
  for (const name of fromWindow) {
    if (!(name in globals)) globals[name] = (window as unknown as Record<string, unknown>)[name];
  }
  globals.requestAnimationFrame = requestAnimationFrame;
  globals.cancelAnimationFrame = cancel;
  window.requestAnimationFrame = requestAnimationFrame;
  window.cancelAnimationFrame = cancel;

  return {
    container: window.document.getElementById("root")!,
    nativeFrames,
    framesRun: () => framesRun,
    close: () => window.close(),
  };
}
