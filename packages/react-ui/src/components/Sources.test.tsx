import type { AssistantMessage, SourceReference } from "@crayonai/stream";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../testing/chatHarness";
import { AssistantMessageContent } from "./AssistantMessageContent";

const sources: SourceReference[] = [
  {
    id: "s1",
    kind: "url",
    url: "https://www.example.com/sse",
    title: "Server-sent events",
  },
  { id: "s2", kind: "document", filename: "handbook.pdf", title: "Team handbook" },
  { id: "s3", kind: "url", url: "javascript:alert(1)", title: "Not a web page" },
];

function reply(content: string, withSources?: SourceReference[]): AssistantMessage {
  return {
    id: "a1",
    role: "assistant",
    content,
    status: "complete",
    ...(withSources && { sources: withSources }),
  };
}

describe("citations and sources", () => {
  it("links a citation [N] to the reply's N-th source, named by its title", async () => {
    render(<AssistantMessageContent message={reply("Streams use SSE [1].", sources)} />);
    const citation = await screen.findByRole("link", { name: "Source 1: Server-sent events" });
    expect(citation.getAttribute("href")).toBe("https://www.example.com/sse");
    expect(citation.getAttribute("target")).toBe("_blank");
    expect(citation.getAttribute("rel")).toContain("noopener");
    expect(citation.textContent).toBe("1");
  });

  it("keeps a marker without a source, in code, or to an unsafe URL from becoming a web link", async () => {
    const text = "Handbook [2], unsafe [3], missing [7], code `[1]`.";
    const { container } = render(<AssistantMessageContent message={reply(text, sources)} />);
    await screen.findByText(/missing/);
    const markdown = container.querySelector(".crayon-markdown")!;
    // A document source has no link; an unsafe URL is never linked.
    expect(within(markdown as HTMLElement).queryAllByRole("link")).toEqual([]);
    expect(within(markdown as HTMLElement).getByLabelText("Source 2: Team handbook")).toBeTruthy();
    expect(markdown.textContent).toContain("missing [7]");
    expect(markdown.querySelector("code")?.textContent).toBe("[1]");
    expect(container.innerHTML).not.toContain("javascript:");
  });

  it("without sources a marker stays plain text", async () => {
    const { container } = render(<AssistantMessageContent message={reply("See [1].")} />);
    await screen.findByText(/See/);
    expect(container.querySelector(".crayon-markdown")?.textContent).toBe("See [1].");
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("links the citations once the sources arrive after the text", async () => {
    const { rerender } = render(<AssistantMessageContent message={reply("SSE [1].")} />);
    await screen.findByText(/SSE/);
    expect(screen.queryByRole("link")).toBeNull();
    rerender(<AssistantMessageContent message={reply("SSE [1].", sources)} />);
    expect(await screen.findByRole("link", { name: "Source 1: Server-sent events" })).toBeTruthy();
  });

  it("lists the sources as numbered cards with their site or file name", async () => {
    const { container } = render(
      <AssistantMessageContent message={reply("Answer [1].", sources)} />,
    );
    const list = screen.getByRole("list", { name: "Sources" });
    const cards = within(list).getAllByRole("listitem");
    expect(cards.map((card) => card.textContent)).toEqual([
      "1Server-sent eventsexample.com",
      "2Team handbookhandbook.pdf",
      "3Not a web page",
    ]);
    expect(within(cards[0]!).getByRole("link").getAttribute("href")).toBe(
      "https://www.example.com/sse",
    );
    expect(within(cards[2]!).queryByRole("link")).toBeNull();
    await screen.findByRole("link", { name: "Source 1: Server-sent events" });
    await expectNoAxeViolations(container);
  });
});
