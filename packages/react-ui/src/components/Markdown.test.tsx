import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AssistantMessageContent } from "./AssistantMessageContent";
import { Markdown } from "./Markdown";

/** Model output that tries to get script, handlers or dangerous URLs into the page. */
const XSS_CORPUS = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  "<svg onload=alert(1)></svg>",
  "[x](javascript:alert(1))",
  "[x](JaVaScRiPt:alert(1))",
  "[x](  javascript:alert(1))",
  "[x](data:text/html,<script>alert(1)</script>)",
  "[x](vbscript:msgbox(1))",
  "![x](javascript:alert(1))",
  "![x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  '<a href="javascript:alert(1)">click</a>',
  '<a href="data:text/html,hi">click</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<div onclick="alert(1)" onmouseover="alert(1)">hover</div>',
  '<object data="javascript:alert(1)"></object>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  "<style>body{display:none}</style>",
  '<math><mtext><table><mglyph><style><img src=x onerror="alert(1)">',
  "[x][ref]\n\n[ref]: javascript:alert(1)",
  "<javascript:alert(1)>",
  '<a href="&#106;avascript:alert(1)">entity</a>',
  "[entity](&#106;avascript:alert(1))",
];

function expectInert(root: HTMLElement) {
  for (const tag of ["script", "iframe", "object", "embed", "style", "form", "svg", "math"]) {
    expect(root.querySelector(tag), `<${tag}> reached the DOM`).toBeNull();
  }
  for (const element of root.querySelectorAll("*")) {
    for (const attribute of element.attributes) {
      expect(attribute.name.startsWith("on"), `${attribute.name} on <${element.tagName}>`).toBe(
        false,
      );
      if (["href", "src", "action", "formaction", "xlink:href", "data"].includes(attribute.name)) {
        expect(attribute.value.trim()).not.toMatch(/^(javascript|vbscript|data):/i);
      }
    }
  }
}

describe("Markdown", () => {
  it.each(XSS_CORPUS)("keeps %j inert", (source) => {
    const { container } = render(<Markdown>{source}</Markdown>);
    expectInert(container);
  });

  it("keeps the whole corpus inert inside an assistant message", () => {
    const { container } = render(
      <AssistantMessageContent
        message={{
          id: "a",
          role: "assistant",
          content: XSS_CORPUS.join("\n\n"),
          status: "complete",
        }}
      />,
    );
    expectInert(container);
  });

  it("renders GitHub-flavoured markdown", async () => {
    render(
      <Markdown>{"# Title\n\n- [x] done\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n~~old~~"}</Markdown>,
    );
    // In a later task if the tests before spent this task's formatting time.
    expect(await screen.findByRole("heading", { name: "Title" })).toBeTruthy();
    expect(screen.getByRole("table")).toBeTruthy();
    const check = screen.getByRole("checkbox", { name: "Done" });
    expect(check).toHaveProperty("checked", true);
    expect(check).toHaveProperty("disabled", true);
    expect(screen.getByText("old").tagName).toBe("DEL");
  });

  it("opens web links in a new tab without an opener", () => {
    render(<Markdown>{"[docs](https://example.com/docs)"}</Markdown>);
    const link = screen.getByRole("link", { name: "docs" });
    expect(link.getAttribute("href")).toBe("https://example.com/docs");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("renders code blocks with a button that copies the code", async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    render(<Markdown>{"```ts\nconst a = 1;\n```"}</Markdown>);
    expect(screen.getByText("ts")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Copy code" }));
    expect(writeText).toHaveBeenCalledWith("const a = 1;");
    expect(await screen.findByRole("button", { name: "Copied" })).toBeTruthy();
  });

  it("puts a table in its own scrollable region that the keyboard can reach", async () => {
    render(<Markdown>{"| path | what |\n| - | - |\n| /markdown | a formatted answer |"}</Markdown>);
    const region = await screen.findByRole("region", { name: "Table" });
    expect(region.tabIndex).toBe(0);
    expect(region.querySelector("table td")?.textContent).toBe("/markdown");
  });

  it("renders a task list's checks as read-only controls, each with a name", () => {
    render(<Markdown>{"- [x] write tests\n- [ ] ship"}</Markdown>);
    const checks = screen.getAllByRole("checkbox");
    expect(checks.map((check) => check.getAttribute("aria-label"))).toEqual(["Done", "Not done"]);
    expect(checks.every((check) => (check as HTMLInputElement).disabled)).toBe(true);
  });
});
