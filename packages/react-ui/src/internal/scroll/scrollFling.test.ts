import { describe, expect, it } from "vitest";
import { createFlingDetector } from "./scrollFling";

type ScrollEvent = [position: number, viewport: number, time: number];

/** Which of `events` the detector calls a fling's. */
function flings(events: ScrollEvent[]): boolean[] {
  const isFling = createFlingDetector();
  return events.map(([position, viewport, time]) => isFling(position, viewport, time));
}

const readingSpeed = Array.from({ length: 30 }, (_, i): ScrollEvent => [i * 120, 800, i * 16]);

describe("createFlingDetector", () => {
  it.each<[string, ScrollEvent[], boolean[]]>([
    [
      "quick events that each move half a viewport or more",
      [
        [10_000, 800, 0],
        [9_600, 800, 16],
        [8_000, 800, 32],
        [5_000, 800, 90],
      ],
      [false, true, true, true],
    ],
    ["scrolling at reading speed (a wheel's notches)", readingSpeed, readingSpeed.map(() => false)],
    [
      "a single jump (End after a pause, a scroll to a message), then a small step",
      [
        [0, 800, 0],
        [500_000, 800, 1_500],
        [499_900, 800, 1_516],
      ],
      [false, false, false],
    ],
    [
      "a fling that slows down: on above half its speed, ended 100 ms below it, while moving",
      [
        [0, 800, 0],
        [1_600, 800, 16],
        [2_400, 800, 32],
        [2_600, 800, 48],
        [2_700, 800, 64],
        [2_750, 800, 112],
        [2_800, 800, 160],
      ],
      [false, true, true, true, true, true, false],
    ],
    [
      "a slow event inside a fast fling (the list holding its place) does not end it",
      [
        [0, 800, 0],
        [1_600, 800, 16],
        [1_610, 800, 20],
        [3_200, 800, 36],
      ],
      [false, true, true, true],
    ],
    [
      "fast scrolling in a list without a height (no layout)",
      [
        [0, 0, 0],
        [5_000, 0, 16],
      ],
      [false, false],
    ],
  ])("%s", (_, events, expected) => {
    expect(flings(events)).toEqual(expected);
  });
});
