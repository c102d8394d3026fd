import { fireEvent, render, screen } from "@testing-library/react";
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

  it("leaves out a logo that fails to load instead of showing a broken image", () => {
    const { container, rerender } = render(
      <WelcomeScreen logoUrl="/missing.png" welcomeMessage={{ title: "Hi" }} onStart={() => {}} />,
    );
    const logo = container.querySelector("img.crayon-welcome__logo")!;
    expect(logo.getAttribute("src")).toBe("/missing.png");
    fireEvent.error(logo);
    expect(container.querySelector("img")).toBeNull();
    // Another logo gets its own try.
    rerender(
      <WelcomeScreen logoUrl="/logo.svg" welcomeMessage={{ title: "Hi" }} onStart={() => {}} />,
    );
    expect(container.querySelector("img")?.getAttribute("src")).toBe("/logo.svg");
  });
});
