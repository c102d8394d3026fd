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

  it("shows the duration the message carries, the same after a reload", () => {
    const loaded = {
      id: "r1",
      role: "reasoning" as const,
      content: "Weighed it",
      durationMs: 3_400,
    };
    const { container } = render(<ReasoningView message={loaded} />);
    expect(container.querySelector("summary")?.textContent).toBe("Thought for 3 s");
  });

  it("reads a duration that is no finite, non-negative number as unknown", () => {
    const bad = { id: "r1", role: "reasoning" as const, content: "x", durationMs: Number.NaN };
    const { container } = render(<ReasoningView message={bad} />);
    expect(container.querySelector("summary")?.textContent).toBe("Thought");
  });
});
