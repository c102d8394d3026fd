import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MAX_HIGHLIGHTED_LENGTH } from "../internal/codeHighlighter";
import { CodeBlock } from "./CodeBlock";

const SOURCE = 'const answer = 42; // the answer\n\nfunction ask() {\n  return "why";\n}';

describe("CodeBlock highlighting", () => {
  it("shows code plain at once, then highlighted, with the same text", async () => {
    const { container } = render(<CodeBlock code={SOURCE} language="ts" />);
    const code = container.querySelector("code")!;
    expect(code.textContent).toBe(SOURCE);
    await waitFor(() => expect(code.querySelector(".crayon-token--keyword")).not.toBeNull());
    const text = (type: string) =>
      [...code.querySelectorAll(`.crayon-token--${type}`)].map((token) => token.textContent);
    expect(text("keyword")).toEqual(["const", "function", "return"]);
    expect(text("number")).toEqual(["42"]);
    expect(text("string")).toEqual(['"why"']);
    expect(text("comment")).toEqual(["// the answer"]);
    expect(text("function")).toEqual(["ask"]);
    // Highlighting adds elements, never text: what is copied and read is the code.
    expect(code.textContent).toBe(SOURCE);
  });

  it("keeps code of an unknown language, or too long to tokenize, plain", async () => {
    const { container: unknown } = render(<CodeBlock code="x := 1" language="klingon" />);
    const long = "let a = 1;\n".repeat(MAX_HIGHLIGHTED_LENGTH / 10);
    const { container: huge } = render(<CodeBlock code={long} language="js" />);
    // A known language loads tokens: wait for that, so the others had the same chance.
    const { container: known } = render(<CodeBlock code="let a = 1;" language="js" />);
    await waitFor(() => expect(known.querySelector(".crayon-token--keyword")).not.toBeNull());
    expect(unknown.querySelector("code span")).toBeNull();
    expect(huge.querySelector("code span")).toBeNull();
  });

  it("renders markup in code as text, never as elements", async () => {
    const markup = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const { container } = render(<CodeBlock code={markup} language="html" />);
    await waitFor(() => expect(container.querySelector(".crayon-token--tag")).not.toBeNull());
    expect(container.querySelector("img, script")).toBeNull();
    expect(screen.getByText(/onerror/)).toBeTruthy();
    expect(container.querySelector("code")!.textContent).toBe(markup);
  });
});
