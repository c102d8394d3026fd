import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations } from "../testing/chatHarness";
import { WelcomeScreen } from "./WelcomeScreen";

afterEach(() => vi.restoreAllMocks());

describe("WelcomeScreen", () => {
  it("is a focusable, labelled region when its panel is too short for it", async () => {
    // jsdom has no layout: a welcome taller than its area.
    vi.spyOn(Element.prototype, "scrollHeight", "get").mockReturnValue(400);
    vi.spyOn(Element.prototype, "clientHeight", "get").mockReturnValue(120);
    const { container } = render(
      <WelcomeScreen welcomeMessage={{ title: "Hi, I'm Ada" }} onStart={() => {}} />,
    );
    const region = await screen.findByRole("region", { name: "Hi, I'm Ada" });
    expect(region.tabIndex).toBe(0);
    await expectNoAxeViolations(container);
  });

  it("adds no tab stop when it fits", () => {
    render(<WelcomeScreen welcomeMessage={{ title: "Hi, I'm Ada" }} onStart={() => {}} />);
    expect(screen.queryByRole("region")).toBeNull();
    expect(screen.getByRole("heading", { name: "Hi, I'm Ada" }).parentElement?.tabIndex).toBe(-1);
  });
});
