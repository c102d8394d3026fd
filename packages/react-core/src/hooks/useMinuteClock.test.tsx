import { act, cleanup, render, screen } from "@testing-library/react";
import { useRef } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { threadTimeLabel } from "../core/threadList/threadTime";
import { useMinuteClock } from "./useMinuteClock";

const start = new Date(2026, 10, 26, 15, 0, 0);

/** A thread row's time, as a list shows it. */
function Time({ label, at }: { label: string; at: Date }) {
  const ref = useRef<HTMLSpanElement>(null);
  const now = useMinuteClock(ref);
  return (
    <span ref={ref} data-testid={label}>
      {threadTimeLabel(at, now)}
    </span>
  );
}

function setPageHidden(hidden: boolean) {
  Object.defineProperty(document, "visibilityState", {
    configurable: true,
    get: () => (hidden ? "hidden" : "visible"),
  });
  act(() => {
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(start);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setPageHidden(false);
});

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe("useMinuteClock", () => {
  it("refreshes relative times every minute while shown", () => {
    render(<Time label="row" at={start} />);
    expect(screen.getByTestId("row").textContent).toBe("now");
    advance(60_000);
    expect(screen.getByTestId("row").textContent).toBe("1 min");
    advance(4 * 60_000);
    expect(screen.getByTestId("row").textContent).toBe("5 min");
  });

  it("runs one timer for every list, and none once they are gone", () => {
    const view = render(
      <>
        <Time label="a" at={start} />
        <Time label="b" at={start} />
      </>,
    );
    expect(vi.getTimerCount()).toBe(1);
    advance(2 * 60_000);
    expect(screen.getByTestId("a").textContent).toBe("2 min");
    expect(screen.getByTestId("b").textContent).toBe("2 min");
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("stops while the page is hidden and catches up when it shows again", () => {
    render(<Time label="row" at={start} />);
    setPageHidden(true);
    expect(vi.getTimerCount()).toBe(0);
    advance(3 * 60_000);
    expect(screen.getByTestId("row").textContent).toBe("now");
    setPageHidden(false);
    expect(screen.getByTestId("row").textContent).toBe("3 min");
    expect(vi.getTimerCount()).toBe(1);
  });

  it("stops while its element is off screen (a closed drawer)", () => {
    let report: (ratio: number) => void = () => {};
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(callback: (entries: { intersectionRatio: number }[]) => void) {
          report = (ratio) => act(() => callback([{ intersectionRatio: ratio }]));
        }
        observe() {}
        disconnect() {}
      },
    );
    render(<Time label="row" at={start} />);
    report(0);
    expect(vi.getTimerCount()).toBe(0);
    advance(2 * 60_000);
    report(1);
    expect(screen.getByTestId("row").textContent).toBe("2 min");
    expect(vi.getTimerCount()).toBe(1);
  });
});
