import { button, click, fakeChat, type Rendered, render } from "@crayonai/demo-ui/testing";
import type { Message } from "@crayonai/stream";
import { afterEach, describe, expect, it } from "vitest";
import { ConsolePanel } from "./ConsolePanel";

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

const noop = () => {};

describe("ConsolePanel", () => {
  it("starts each scenario by sending its command", async () => {
    const chat = fakeChat();
    view = await render(<ConsolePanel chat={chat} mode="light" onModeChange={noop} />);
    for (const [name, command] of [
      ["Workflow engine", "/workflow"],
      ["Workdeck", "/workdeck"],
      ["CrevnClaw", "/crevnclaw"],
      ["Cyrus", "/cyrus"],
    ]) {
      const start = [...view.container.querySelectorAll("button")].find((b) =>
        b.textContent?.startsWith(`Start ${name}`),
      );
      await click(start ?? null);
      expect(chat.threadManager.processMessage).toHaveBeenLastCalledWith(command);
    }
  });

  it("offers STOP only while running, and reports the run as stopped after it", async () => {
    const idle = fakeChat();
    view = await render(<ConsolePanel chat={idle} mode="light" onModeChange={noop} />);
    expect(button(view.container, "Stop agent").disabled).toBe(true);

    const running = fakeChat({ isRunning: true });
    await view.rerender(<ConsolePanel chat={running} mode="light" onModeChange={noop} />);
    expect(view.container.querySelector('[role="status"]')?.textContent).toBe("Running");
    expect(
      [...view.container.querySelectorAll("button")].every(
        (b) => b.textContent === "Stop agent" || b.textContent === "Dark theme" || b.disabled,
      ),
    ).toBe(true);
    await click(button(view.container, "Stop agent"));
    expect(running.threadManager.stop).toHaveBeenCalled();

    await view.rerender(
      <ConsolePanel
        chat={fakeChat({ stop: running.threadManager.stop })}
        mode="light"
        onModeChange={noop}
      />,
    );
    expect(view.container.querySelector('[role="status"]')?.textContent).toBe("Stopped");
  });

  it("sums the thread's token usage and shows its latest reasoning", async () => {
    const messages: Message[] = [
      { id: "u", role: "user", content: "/crevnclaw" },
      { id: "r1", role: "reasoning", content: "first thought" },
      {
        id: "a1",
        role: "assistant",
        content: "",
        metadata: { usage: { inputTokens: 1_820, outputTokens: 164, costUsd: 0.0079 } },
      },
      { id: "r2", role: "reasoning", content: "overlay2 holds 38 GB", isThinking: true },
    ];
    view = await render(
      <ConsolePanel
        chat={fakeChat({ messages, isRunning: true })}
        mode="light"
        onModeChange={noop}
      />,
    );
    const usage = view.container.querySelector(".console-usage")?.textContent;
    expect(usage).toBe("Tokens in1,820Tokens out164Cost$0.0079");
    expect(view.container.textContent).toContain("0% of the $2.00 daily limit");
    const thoughts = view.container.querySelector('[aria-label="Latest reasoning"]');
    expect(thoughts?.textContent).toBe("overlay2 holds 38 GB");
    expect(view.container.textContent).toContain("Thinking");
  });

  it("toggles the dark theme as a pressed button", async () => {
    let mode: "light" | "dark" = "light";
    view = await render(
      <ConsolePanel
        chat={fakeChat()}
        mode={mode}
        onModeChange={(next) => {
          mode = next;
        }}
      />,
    );
    const toggle = button(view.container, "Dark theme");
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    await click(toggle);
    expect(mode).toBe("dark");
  });
});
