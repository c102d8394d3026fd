import type { Message } from "@crayonai/stream";
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ReplyAnnouncer } from "./ReplyAnnouncer";

function announce(content: string): string {
  const question: Message = { id: "u", role: "user", content: "Q" };
  const reply: Message = { id: "a", role: "assistant", content, status: "complete" };
  const { container, rerender } = render(
    <ReplyAnnouncer threadId="t" messages={[question, reply]} isRunning agentName="Ada" />,
  );
  rerender(
    <ReplyAnnouncer threadId="t" messages={[question, reply]} isRunning={false} agentName="Ada" />,
  );
  return container.querySelector("[aria-live]")!.textContent ?? "";
}

describe("ReplyAnnouncer", () => {
  it("reads a short finished reply whole, as plain text", () => {
    expect(announce("**Done**: the file is saved.")).toBe("Ada: Done: the file is saved.");
  });

  it("reads only the start of a long reply, cut at a word, and says it continues", () => {
    const long = `${"word ".repeat(2_000_000)}END`; // 10 MB
    const text = announce(long);
    expect(text.length).toBeLessThan(400);
    expect(text).toMatch(
      /^Ada: word word .*word… \(continues in the conversation, 10 million characters in all\)$/,
    );
    expect(text).not.toContain("END");
  });
});
