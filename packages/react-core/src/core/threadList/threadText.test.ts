import { describe, expect, it } from "vitest";
import { foldText } from "./threadText";

describe("foldText", () => {
  it("ignores case and accents", () => {
    expect(foldText("Crème BRÛLÉE à Zürich")).toBe("creme brulee a zurich");
  });
});
