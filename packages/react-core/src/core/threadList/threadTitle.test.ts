import { describe, expect, it } from "vitest";
import { titleFromExchange, titleFromMessages } from "./threadTitle";

describe("titleFromExchange", () => {
  it.each([
    ["the first sentence", "Plan a trip to Rome. It should take a week.", "Plan a trip to Rome"],
    [
      "the first words of a long sentence",
      "what are the best museums to visit in rome in may and june",
      "what are the best museums to visit in…",
    ],
    ["the first line", "Summarise this\nlong pasted text", "Summarise this"],
    [
      "text without markdown",
      "## Fix **this** `bug` in [my app](https://x.y)",
      "Fix this bug in my app",
    ],
    [
      "a request after a slash command",
      "/tool show the weather in Paris",
      "show the weather in Paris",
    ],
    ["a request after a greeting", "Hi, can you explain monads?", "can you explain monads"],
    ["a greeting alone", "Hello!", "Hello"],
  ])("titles with %s", (_case, user, title) => {
    expect(titleFromExchange(user)).toBe(title);
  });

  it("titles a bare command with its name, before and after the reply alike", () => {
    expect(titleFromExchange("/tool")).toBe("Tool");
    // The reply's words are its preview: as the title they would repeat it.
    expect(titleFromExchange("/tool", "Here is the **weather** card for Paris.")).toBe("Tool");
    expect(titleFromExchange("/run-workflow", "Deploying.")).toBe("Run workflow");
  });

  it("titles a message with no text from the first reply, else 'New chat'", () => {
    expect(titleFromExchange("", "Here is the **weather** card for Paris.")).toBe(
      "Here is the weather card for Paris",
    );
    expect(titleFromExchange("  ")).toBe("New chat");
  });

  it("is deterministic for the same exchange", () => {
    const user = "Compare Postgres and SQLite for a small app";
    expect(titleFromExchange(user, "Sure.")).toBe(titleFromExchange(user, "Sure."));
  });
});

describe("titleFromMessages", () => {
  it("reads the first user message, and the first reply with text when the message has none", () => {
    expect(
      titleFromMessages([
        { id: "1", role: "user", content: [{ type: "text", text: "/workflow" }] },
        { id: "3", role: "assistant", content: "Deploying the staging build." },
      ]),
    ).toBe("Workflow");
    expect(
      titleFromMessages([
        {
          id: "1",
          role: "user",
          content: [{ type: "binary", mimeType: "image/png", data: "AA==" }],
        },
        { id: "2", role: "assistant", content: "", toolCalls: [] },
        { id: "3", role: "assistant", content: "Deploying the staging build." },
      ]),
    ).toBe("Deploying the staging build");
  });

  it("titles an attachment's thread from the start of a reply of megabytes", () => {
    const reply = `## Deploying the **staging** build\n\n${"Step done.\n".repeat(500_000)}`;
    expect(
      titleFromMessages([
        {
          id: "1",
          role: "user",
          content: [{ type: "binary", mimeType: "image/png", data: "AA==" }],
        },
        { id: "2", role: "assistant", content: reply },
      ]),
    ).toBe("Deploying the staging build");
  });
});
