import type { UserMessage } from "@crayonai/stream";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { UserMessageContent } from "./UserMessageContent";

function renderParts(content: UserMessage["content"]) {
  return render(<UserMessageContent message={{ id: "u", role: "user", content }} />);
}

describe("UserMessageContent", () => {
  it("shows text as plain text, never as markdown or HTML", () => {
    const { container } = renderParts("**not bold** <b>not html</b>");
    expect(screen.getByText("**not bold** <b>not html</b>")).toBeTruthy();
    expect(container.querySelector("b, strong")).toBeNull();
  });

  it("shows images from web URLs and inline image data", () => {
    renderParts([
      { type: "text", text: "Look" },
      {
        type: "image",
        source: { type: "url", value: "https://example.com/cat.png" },
        filename: "cat.png",
      },
      { type: "image", source: { type: "data", value: "iVBORw0KGgo=", mimeType: "image/png" } },
      {
        type: "binary",
        mimeType: "image/jpeg",
        url: "data:image/jpeg;base64,/9j/4AAQ",
        filename: "dog.jpg",
      },
    ]);
    // Inline images load at once; one from another origin waits for a click.
    expect(screen.getAllByRole("img").map((img) => img.getAttribute("src"))).toEqual([
      "data:image/png;base64,iVBORw0KGgo=",
      "data:image/jpeg;base64,/9j/4AAQ",
    ]);
    fireEvent.click(screen.getByRole("button", { name: /Load image from example\.com/ }));
    expect(screen.getByRole("img", { name: "cat.png" }).getAttribute("src")).toBe(
      "https://example.com/cat.png",
    );
  });

  it("never renders unsafe sources as images or links", () => {
    const { container } = renderParts([
      { type: "image", source: { type: "url", value: "javascript:alert(1)" }, filename: "a.png" },
      {
        type: "image",
        source: { type: "url", value: "data:text/html,<script>alert(1)</script>" },
        filename: "b.png",
      },
      {
        type: "document",
        source: { type: "data", value: "JVBERi0=", mimeType: "application/pdf" },
        filename: "c.pdf",
      },
      {
        type: "binary",
        mimeType: "application/pdf",
        url: "data:application/pdf;base64,JVBERi0=",
        filename: "d.pdf",
      },
    ]);
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("a")).toBeNull();
    expect(screen.getByText("c.pdf")).toBeTruthy();
    expect(screen.getByText("d.pdf")).toBeTruthy();
  });

  it("links documents with web URLs, opening them in a new tab", () => {
    renderParts([
      {
        type: "document",
        source: { type: "url", value: "https://example.com/r.pdf" },
        filename: "r.pdf",
      },
    ]);
    const link = screen.getByRole("link", { name: "r.pdf" });
    expect(link.getAttribute("href")).toBe("https://example.com/r.pdf");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
  });
});
