import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "./threadCursor";

describe("thread cursors", () => {
  it("round-trip the position a page ended at", () => {
    const cursor = { updatedAt: "2025-03-01T10:00:00.123Z", threadId: "a b/ü" };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it("are undefined for anything else", () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    for (const text of [
      "42",
      "%%%",
      encode(["not a date", "t"]),
      encode(["2025-01-01", 1]),
      encode({}),
    ])
      expect(decodeCursor(text)).toBeUndefined();
  });
});
