import { afterEach, describe, expect, it, vi } from "vitest";
import { type ThemeProps, themeAttributes } from "./theme";

afterEach(() => vi.restoreAllMocks());

function styleOf(variables: Record<string, unknown>) {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  return themeAttributes({ variables } as ThemeProps).style as Record<string, string> | undefined;
}

describe("themeAttributes", () => {
  it("applies --crayon-* overrides as given", () => {
    expect(styleOf({ "--crayon-accent": "#7c3aed", "--crayon-radius": "8px" })).toEqual({
      "--crayon-accent": "#7c3aed",
      "--crayon-radius": "8px",
    });
  });

  it("drops keys that are not --crayon-* custom properties, so a theme cannot set any style", () => {
    expect(
      styleOf({
        "background-image": "linear-gradient(red, blue)",
        backgroundImage: "none",
        "--other-accent": "red",
        "--crayon-": "red",
        "--crayon-accent": "red",
      }),
    ).toEqual({ "--crayon-accent": "red" });
  });

  it.each([
    ["url(https://attacker.example/x.png)"],
    ["URL ( 'https://attacker.example/x.png' )"],
    ["image-set('x.png' 1x)"],
    ["red; background: red"],
    ["red } body { display: none"],
    ["\\75 rl(x)"],
  ])("drops the value %j: it could load a resource or leave the declaration", (value) => {
    expect(styleOf({ "--crayon-accent": value, "--crayon-radius": "4px" })).toEqual({
      "--crayon-radius": "4px",
    });
  });

  it("drops values that are not strings and tells the developer which key was ignored", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const style = themeAttributes({
      variables: { "--crayon-font-size": 16, "--crayon-warn-me": { a: 1 } } as never,
    }).style;
    expect(style).toBeUndefined();
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringContaining('"--crayon-font-size"'),
      expect.stringContaining('"--crayon-warn-me"'),
    ]);
  });

  it("reads an unknown mode as light", () => {
    expect(themeAttributes({ mode: "neon" as never })["data-crayon-theme"]).toBe("light");
    expect(themeAttributes({ mode: "dark" })["data-crayon-theme"]).toBe("dark");
  });
});
