import { describe, expect, it } from "vitest";
import { foldText, previewOf } from "./threadText";

describe("previewOf", () => {
  it("is the last shown message's plain text on one line", () => {
    expect(
      previewOf([
        { id: "1", role: "user", content: "Fit a sine curve" },
        { id: "2", role: "assistant", content: "## Done\n- **two** [harmonics](https://x.y)" },
        { id: "3", role: "assistant", content: "", toolCalls: [] },
      ]),
    ).toBe("Done two harmonics");
  });

  it("skips a hidden message (e.g. a card's edit sent as context)", () => {
    expect(
      previewOf([
        { id: "1", role: "user", content: "Fit a sine curve" },
        { id: "2", role: "user", content: "Edit task fit", isVisuallyHidden: true },
      ]),
    ).toBe("Fit a sine curve");
  });
});

describe("foldText", () => {
  it("ignores case and accents", () => {
    expect(foldText("Crème BRÛLÉE à Zürich")).toBe("creme brulee a zurich");
  });
});
