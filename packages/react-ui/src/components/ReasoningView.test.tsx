import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ReasoningView } from "./ReasoningView";

describe("ReasoningView", () => {
  it("labels reasoning that was never seen streaming Thought (its duration is unknown)", () => {
    const { container } = render(
      <ReasoningView message={{ id: "r1", role: "reasoning", content: "Weighed it" }} />,
    );
    expect(container.querySelector("summary")?.textContent).toBe("Thought");
    expect(container.querySelector("summary svg")).toBeTruthy();
  });

  it("says Thinking… while it streams, then how long it took", () => {
    const message = { id: "r1", role: "reasoning" as const, content: "Weighing", isThinking: true };
    const { container, rerender } = render(<ReasoningView message={message} />);
    expect(container.querySelector("summary")?.textContent).toBe("Thinking…");
    rerender(<ReasoningView message={{ ...message, isThinking: false }} />);
    expect(container.querySelector("summary")?.textContent).toBe("Thought for 1 s");
  });
});
