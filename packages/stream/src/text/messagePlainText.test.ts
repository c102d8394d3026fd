import { describe, expect, it } from "vitest";
import type { Message } from "../message";
import { messagePlainText, PREVIEW_LENGTH, threadPreview } from "./messagePlainText";

describe("messagePlainText", () => {
  it("makes a reply's markdown plain and keeps a user's text as written", () => {
    expect(messagePlainText({ id: "1", role: "assistant", content: "# Hi\n**there**" })).toBe(
      "Hi\nthere",
    );
    expect(messagePlainText({ id: "2", role: "user", content: "what is 2*3*4  or a_b_c?" })).toBe(
      "what is 2*3*4 or a_b_c?",
    );
  });

  it("joins a user's text parts and skips the others", () => {
    const message: Message = {
      id: "1",
      role: "user",
      content: [
        { type: "text", text: "Look at" },
        { type: "binary", mimeType: "image/png", data: "AA==" },
        { type: "text", text: "this" },
      ],
    };
    expect(messagePlainText(message)).toBe("Look at\nthis");
  });

  it("is empty for hidden, tool and malformed messages instead of throwing", () => {
    expect(
      messagePlainText({ id: "1", role: "user", content: "context", isVisuallyHidden: true }),
    ).toBe("");
    expect(messagePlainText({ id: "2", role: "tool", content: "{}", toolCallId: "c" })).toBe("");
    const stored = { id: "3", role: "assistant", content: { bad: true } } as unknown as Message;
    expect(messagePlainText(stored)).toBe("");
    const parts = {
      id: "4",
      role: "user",
      content: [null, { type: "text" }],
    } as unknown as Message;
    expect(messagePlainText(parts)).toBe("");
  });

  it("reads only the start of a long reply when told how much text is wanted", () => {
    const paragraph = "Some **bold** words and a [link](https://example.com).\n\n";
    const content = `# Guide\n\n${paragraph.repeat(20_000)}The end.`;
    const full = messagePlainText({ id: "1", role: "assistant", content });
    const start = messagePlainText({ id: "1", role: "assistant", content }, 100);
    expect(start.length).toBeGreaterThan(100);
    expect(start.length).toBeLessThan(full.length / 100);
    expect(full.startsWith(start)).toBe(true);
  });

  it("reads on while markup at the start leaves too few words", () => {
    const content = `![chart](https://example.com/${"a".repeat(5000)}.png)\n\nThe chart shows growth.`;
    expect(messagePlainText({ id: "1", role: "assistant", content }, 10)).toBe(
      "chart\nThe chart shows growth.",
    );
  });
});

describe("threadPreview", () => {
  it("is the last shown message's plain text on one line", () => {
    expect(
      threadPreview([
        { id: "1", role: "user", content: "Fit a sine curve" },
        { id: "2", role: "assistant", content: "## Done\n- **two** [harmonics](https://x.y)" },
        { id: "3", role: "assistant", content: "", toolCalls: [] },
      ]),
    ).toBe("Done two harmonics");
  });

  it("skips a hidden message (a card's edit sent as context)", () => {
    expect(
      threadPreview([
        { id: "1", role: "user", content: "Fit a sine curve" },
        { id: "2", role: "user", content: "Edit task fit", isVisuallyHidden: true },
      ]),
    ).toBe("Fit a sine curve");
  });

  it("cuts a long text with an ellipsis, never inside an emoji, and is undefined without text", () => {
    const long = threadPreview([{ id: "1", role: "user", content: "word ".repeat(100) }])!;
    expect(long).toHaveLength(PREVIEW_LENGTH);
    expect(long.endsWith("…")).toBe(true);
    const emoji = threadPreview([
      { id: "1", role: "user", content: `${"a".repeat(PREVIEW_LENGTH - 2)}😀 and more` },
    ])!;
    expect(emoji).toBe(`${"a".repeat(PREVIEW_LENGTH - 2)}…`);
    expect(threadPreview([{ id: "1", role: "assistant", content: "" }])).toBeUndefined();
    expect(threadPreview([])).toBeUndefined();
  });

  it("previews a huge reply as it previews the reply's start", () => {
    const line = "More text, *emphasised*, with `code` and [a link](https://example.com).\n";
    const huge = `The **migration** takes three steps.\n\n${line.repeat(300_000)}`;
    const preview = threadPreview([{ id: "1", role: "assistant", content: huge }]);
    const start = huge.slice(0, huge.indexOf("\n", 2000));
    expect(preview).toBe(threadPreview([{ id: "1", role: "assistant", content: start }]));
    expect(preview).toHaveLength(PREVIEW_LENGTH);
  });
});
