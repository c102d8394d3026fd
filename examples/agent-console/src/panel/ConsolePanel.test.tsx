import {
  button,
  click,
  fakeChat,
  type Rendered,
  render,
  typeInto,
} from "@crayonai/demo-ui/testing";
import type { Message } from "@crayonai/stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { consoleDailyLimit } from "../circuitBreaker";
import { DEFAULT_DAILY_LIMIT_USD } from "../viewModel/dailyLimit";
import { ConsolePanel } from "./ConsolePanel";

let view: Rendered | undefined;
beforeEach(() => {
  localStorage.clear();
  consoleDailyLimit.set(DEFAULT_DAILY_LIMIT_USD);
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

const noop = () => {};

/** An assistant message that reports its model usage, as the demo agent sends it. */
const reply = (id: string, inputTokens: number, outputTokens: number, costUsd: number) =>
  ({
    id,
    role: "assistant",
    content: "",
    metadata: { usage: { inputTokens, outputTokens, costUsd } },
  }) satisfies Message;

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
        (b) =>
          b.textContent === "Stop agent" || b.textContent === "Switch to dark theme" || b.disabled,
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

  it("sums usage per run, per thread and per day, and shows the latest reasoning", async () => {
    const messages: Message[] = [
      { id: "u0", role: "user", content: "/cyrus" },
      reply("a0", 1_000, 100, 0.01),
      { id: "u", role: "user", content: "/crevnclaw" },
      { id: "r1", role: "reasoning", content: "first thought" },
      reply("a1", 1_820, 164, 0.0079),
      { id: "r2", role: "reasoning", content: "overlay2 holds 38 GB", isThinking: true },
    ];
    view = await render(
      <ConsolePanel
        chat={fakeChat({ messages, isRunning: true })}
        mode="light"
        onModeChange={noop}
      />,
    );
    const row = (scope: string) =>
      view?.container.querySelector(`[data-scope="${scope}"]`)?.textContent;
    expect(row("run")).toBe("This run1,820164$0.0079");
    expect(row("thread")).toBe("This thread2,820264$0.0179");
    expect(row("today")).toBe("Today2,820264$0.0179");
    expect(view.container.textContent).toContain("0% of the $2.00 daily limit");
    const thoughts = view.container.querySelector('[aria-label="Latest reasoning"]');
    expect(thoughts?.textContent).toBe("overlay2 holds 38 GB");
    expect(view.container.textContent).toContain("Thinking");

    // Another thread the same day: today adds both, the daily limit counts today.
    const other: Message[] = [
      { id: "u9", role: "user", content: "/workdeck" },
      reply("a9", 9_000, 3_000, 1.5),
    ];
    await view.rerender(
      <ConsolePanel chat={fakeChat({ messages: other })} mode="light" onModeChange={noop} />,
    );
    expect(row("thread")).toBe("This thread9,0003,000$1.5000");
    expect(row("today")).toBe("Today11,8203,264$1.5179");
    expect(view.container.textContent).toContain("75% of the $2.00 daily limit");
  });

  it("counts model calls, not the messages that report them, and lists the run's calls", async () => {
    const call = (name: string) => ({
      name,
      model: "sonnet",
      inputTokens: 2_000,
      outputTokens: 600,
      costUsd: 0.015,
    });
    const messages: Message[] = [
      { id: "u", role: "user", content: "/workdeck" },
      {
        ...reply("closing", 10_000, 3_000, 0.075),
        metadata: {
          usage: { inputTokens: 10_000, outputTokens: 3_000, costUsd: 0.075 },
          modelCalls: ["Fetch", "Describe", "Sheet", "Fit", "Report"].map(call),
        },
      },
    ];
    view = await render(
      <ConsolePanel chat={fakeChat({ messages })} mode="light" onModeChange={noop} />,
    );
    expect(view.container.textContent).toContain(
      "Counted per model call: 5 model calls in this run, 5 model calls in this thread.",
    );
    expect(view.container.querySelector(".console-calls summary")?.textContent).toBe(
      "5 model calls in this run",
    );
    const rows = [...view.container.querySelectorAll(".console-calls__table tbody tr")];
    expect(rows.map((row) => row.textContent)).toContain("Sheet · sonnet2,600$0.0150");
  });

  it("trips the circuit breaker past the daily limit: stops the agent and pauses new runs", async () => {
    const messages: Message[] = [
      { id: "u", role: "user", content: "/crevnclaw" },
      reply("a1", 9_000, 3_000, 0.5),
    ];
    const chat = fakeChat({ messages, isRunning: true });
    view = await render(<ConsolePanel chat={chat} mode="light" onModeChange={noop} />);
    const section = () => view!.container.querySelector<HTMLElement>(".console-breaker")!;
    const alert = () => section().querySelector('[role="alert"]')!.textContent;
    expect(section().dataset.tripped).toBeUndefined();
    expect(alert()).toBe("");
    // The spend per run, as a chart whose figures are text.
    const chart = view.container.querySelector("table.console-spend")!;
    expect(chart.querySelector("caption")?.textContent).toBe("Spend per run today");
    expect(chart.querySelector("tbody tr")?.textContent).toBe("/crevnclaw$0.5000");

    const limit = section().querySelector("input")!;
    expect(limit.value).toBe("2.00");
    await typeInto(limit, "0.25");
    expect(section().dataset.tripped).toBe("true");
    expect(section().querySelector(".console-breaker__state")?.textContent).toBe("Tripped");
    expect(chat.threadManager.stop).toHaveBeenCalled();
    expect(alert()).toContain("Today's spend, $0.5000, is over the $0.25 daily limit.");
    expect(alert()).toContain("The circuit breaker stopped the agent");
    expect(chart.querySelector("tbody tr")?.textContent).toContain("Tripped the breaker");
    const start = [...view.container.querySelectorAll<HTMLButtonElement>(".console-scenario")];
    expect(start.every((b) => b.disabled)).toBe(true);
    expect(view.container.textContent).toContain("Paused by the circuit breaker");

    // Not an amount: the limit stays, and the field says why.
    await typeInto(limit, "0");
    expect(limit.getAttribute("aria-invalid")).toBe("true");
    expect(section().dataset.tripped).toBe("true");

    // A higher limit re-arms it.
    await typeInto(limit, "1");
    expect(section().dataset.tripped).toBeUndefined();
    expect(alert()).toBe("");
    expect(view.container.textContent).toContain("50% of the $1.00 daily limit");
    expect(localStorage.getItem("crayon-agent-console:daily-limit")).toBe("1");
  });

  it("names the theme toggle after what it does", async () => {
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
    await click(button(view.container, "Switch to dark theme"));
    expect(mode).toBe("dark");
    await view.rerender(<ConsolePanel chat={fakeChat()} mode="dark" onModeChange={noop} />);
    expect(button(view.container, "Switch to light theme")).toBeTruthy();
  });
});
