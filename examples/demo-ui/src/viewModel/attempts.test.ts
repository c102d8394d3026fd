import { describe, expect, it } from "vitest";
import { attemptsText } from "./attempts";

describe("attemptsText", () => {
  it("counts while the work runs", () => {
    expect(attemptsText("running", 2, 3)).toBe("Attempt 2 of 3");
    expect(attemptsText("pending", 1, 3)).toBe("Up to 3 attempts");
  });

  it("gives the outcome once the work has finished, not a live counter", () => {
    expect(attemptsText("completed", 2, 3)).toBe("Completed on attempt 2");
    expect(attemptsText("succeeded", 2, 3)).toBe("Succeeded on attempt 2");
    expect(attemptsText("failed", 3, 3)).toBe("Failed after 3 attempts");
    expect(attemptsText("stopped", 2, 3)).toBe("Stopped on attempt 2 of 3");
  });
});
