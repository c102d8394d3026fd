// jsdom lays nothing out and has no ResizeObserver; the chat observes its scroll container and
// welcome screen with one. An observer that never fires is what a layout-free DOM would report.
globalThis.ResizeObserver ??= class ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
};
