import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// jsdom has no layout: the scroll container's ResizeObserver never fires, which is all the
// message list needs from it here.
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoopResizeObserver as unknown as typeof ResizeObserver;

// axe-core probes a canvas for icon fonts; jsdom has none, so report "no canvas" quietly
// instead of logging "not implemented" on every run.
HTMLCanvasElement.prototype.getContext = (() =>
  null) as typeof HTMLCanvasElement.prototype.getContext;

// `waitFor` and `findBy…` wait as long as `vi.waitFor` does (see vitest.waits.ts at the root).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());
