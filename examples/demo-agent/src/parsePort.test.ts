import { describe, expect, it } from "vitest";
import { defaultPort, parsePort } from "./parsePort";

describe("parsePort", () => {
  it("reads --port in both spellings and defaults to 8787", () => {
    expect(parsePort([])).toBe(defaultPort);
    expect(defaultPort).toBe(8787);
    expect(parsePort(["--port", "9000"])).toBe(9000);
    expect(parsePort(["--port=9001"])).toBe(9001);
  });

  it("refuses values that are not ports", () => {
    for (const args of [["--port"], ["--port", "abc"], ["--port=0"], ["--port", "70000"]]) {
      expect(parsePort(args)).toBeUndefined();
    }
  });
});
