import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useFollowEnd } from "./useFollowEnd";

/** A scroll list with a layout jsdom lacks: its content's height can change. */
function scrollList(contentHeight: number, viewport = 600) {
  const element = document.createElement("div");
  const content = document.createElement("div");
  element.append(content);
  let height = contentHeight;
  let top = 0;
  Object.defineProperties(element, {
    scrollHeight: { get: () => height },
    clientHeight: { get: () => viewport },
    scrollTop: {
      get: () => top,
      // The browser clamps the position to the content, and says so with a scroll event.
      set: (value: number) => {
        const next = Math.max(0, Math.min(value, height - viewport));
        if (next === top) return;
        top = next;
        element.dispatchEvent(new Event("scroll"));
      },
    },
  });
  return {
    element,
    content,
    resize: (next: number) => {
      height = next;
      top = Math.min(top, height - viewport);
    },
  };
}

const observers: { callback: () => void; target?: Element }[] = [];
class RecordingResizeObserver {
  entry: { callback: () => void; target?: Element };
  constructor(callback: () => void) {
    this.entry = { callback };
    observers.push(this.entry);
  }
  observe(target: Element) {
    this.entry.target = target;
  }
  unobserve() {}
  disconnect() {
    observers.splice(observers.indexOf(this.entry), 1);
  }
}

function contentResized(content: Element) {
  for (const observer of observers) if (observer.target === content) observer.callback();
}

describe("useFollowEnd", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    observers.length = 0;
  });

  function setUp(state: { isAtBottom: boolean; animation?: unknown }) {
    vi.stubGlobal("ResizeObserver", RecordingResizeObserver);
    const list = scrollList(5000);
    const scrollToBottom = vi.fn();
    const stopScroll = vi.fn();
    renderHook(() =>
      useFollowEnd(
        { current: list.element },
        { current: list.content },
        state,
        scrollToBottom,
        stopScroll,
      ),
    );
    return { ...list, scrollToBottom, stopScroll };
  }

  it("brings a list that follows its end back to it when rows measured smaller shrink the content", () => {
    const list = setUp({ isAtBottom: true });
    // Mid-correction, 30 px short of the end; then a row is measured 27 px smaller.
    list.element.scrollTop = 5000 - 600 - 30;
    list.resize(5000 - 27);
    contentResized(list.content);
    expect(list.element.scrollTop).toBe(5000 - 27 - 600);
  });

  it("leaves a list the reader has scrolled away from its end where it is", () => {
    const list = setUp({ isAtBottom: false });
    list.element.scrollTop = 1200;
    list.resize(4800);
    contentResized(list.content);
    expect(list.element.scrollTop).toBe(1200);
  });

  it("does not interfere while the stick-to-bottom hook animates a scroll", () => {
    const list = setUp({ isAtBottom: true, animation: { behavior: "smooth" } });
    list.element.scrollTop = 4000;
    list.resize(4900);
    contentResized(list.content);
    expect(list.element.scrollTop).toBe(4000);
  });

  it("follows the end again once the list is scrolled to its very end, not before", () => {
    const list = setUp({ isAtBottom: false });
    list.element.scrollTop = 5000 - 600 - 40;
    expect(list.scrollToBottom).not.toHaveBeenCalled();
    list.element.scrollTop = 5000;
    expect(list.scrollToBottom).toHaveBeenCalledWith("instant");
  });

  it("stops following the end once the list is scrolled more than a viewport away from it", () => {
    const list = setUp({ isAtBottom: true });
    list.element.scrollTop = 5000 - 600 - 500;
    expect(list.stopScroll).not.toHaveBeenCalled();
    list.element.scrollTop = 5000 - 600 - 700;
    expect(list.stopScroll).toHaveBeenCalledTimes(1);
  });
});
