import type { ChatManager } from "@crayonai/react-core";
import { useEffect, useMemo, useRef, useState } from "react";
import { SCENARIOS } from "../scenarios";
import { readModelCalls } from "../viewModel/modelCalls";
import { RUN_STATE_TEXT, runState } from "../viewModel/runState";
import { spendByRun } from "../viewModel/spendByRun";
import { latestThought } from "../viewModel/thoughtStream";
import { latestRun } from "../viewModel/usageTotals";
import { CircuitBreakerSection } from "./CircuitBreakerSection";
import { ThoughtStream } from "./ThoughtStream";
import { UsageReadout } from "./UsageReadout";
import { useCircuitBreaker } from "./useCircuitBreaker";
import { useUsageFigures } from "./useUsageFigures";

// Failures show in the conversation (the thread's error); nothing to add here.
const ignore = () => {};

/** Props of {@link ConsolePanel}. */
export type ConsolePanelProps = {
  chat: ChatManager;
  mode: "light" | "dark";
  onModeChange: (mode: "light" | "dark") => void;
  /** A scenario was started from the panel (the app brings the chat into sight). */
  onStart?: () => void;
  /** Whether the inspector is shown; with `onInspectingChange`, the panel offers its toggle. */
  inspecting?: boolean;
  onInspectingChange?: (inspecting: boolean) => void;
  /** Shows Workdeck's landing page (its actions); with it, the Workdeck scenario links there. */
  onOpenWorkdeck?: () => void;
};

/**
 * The console's side panel, in the order a running agent needs it: the run status with STOP,
 * the live thought stream, the token and cost readout (run, thread, today, counted per model
 * call), the circuit breaker (daily limit, spend per run, breach), then a button per scenario.
 * It fits the window and scrolls inside.
 */
export function ConsolePanel({
  chat,
  mode,
  onModeChange,
  onStart,
  inspecting = false,
  onInspectingChange,
  onOpenWorkdeck,
}: ConsolePanelProps) {
  const panelRef = useRef<HTMLElement>(null);
  const thread = chat.threadManager;
  const { isRunning, messages } = thread;
  const [stopRequested, setStopRequested] = useState(false);
  useEffect(() => {
    if (isRunning) setStopRequested(false);
  }, [isRunning]);

  const state = runState(thread, stopRequested);
  const usage = useUsageFigures(messages);
  const runCalls = useMemo(() => latestRun(messages).flatMap(readModelCalls), [messages]);
  const thought = useMemo(() => latestThought(messages), [messages]);
  const breaker = useCircuitBreaker(thread, usage.today.costUsd, () => setStopRequested(true));
  const runs = useMemo(
    () => spendByRun(usage.todayReports, breaker.limitUsd),
    [usage.todayReports, breaker.limitUsd],
  );
  // Starting while the thread list still loads could list the new thread twice.
  const busy = isRunning || thread.isLoadingMessages || chat.threadListManager.isLoading;

  return (
    <aside ref={panelRef} className="console-panel" aria-label="Agent console">
      <div className="console-panel__top">
        <h1 className="console-panel__title">Agent console</h1>
        <button
          type="button"
          className="crayon-button crayon-button--secondary console-theme-toggle"
          onClick={() => onModeChange(mode === "dark" ? "light" : "dark")}
        >
          {mode === "dark" ? "Switch to light theme" : "Switch to dark theme"}
        </button>
      </div>
      {onInspectingChange && (
        <div className="console-panel__tools">
          <button
            type="button"
            className="crayon-button crayon-button--secondary"
            aria-pressed={inspecting}
            data-testid="inspector-toggle"
            onClick={() => onInspectingChange(!inspecting)}
          >
            Inspector
          </button>
        </div>
      )}

      <section className="console-panel__section" aria-labelledby="console-run-heading">
        <h2 id="console-run-heading" className="console-panel__heading">
          Run
        </h2>
        <p className="console-run-state" role="status" data-state={state}>
          {isRunning && <span className="demo-live-dot" aria-hidden="true" />}
          <span className="console-run-state__text">{RUN_STATE_TEXT[state]}</span>
        </p>
        <button
          type="button"
          className="console-stop"
          disabled={!isRunning}
          onClick={() => {
            setStopRequested(true);
            thread.stop();
          }}
        >
          Stop agent
        </button>
      </section>

      <ThoughtStream thought={thought} />
      <UsageReadout usage={usage} runCalls={runCalls} />
      <CircuitBreakerSection breaker={breaker} todayUsd={usage.today.costUsd} runs={runs} />

      <section className="console-panel__section" aria-labelledby="console-scenarios-heading">
        <h2 id="console-scenarios-heading" className="console-panel__heading">
          Scenarios
        </h2>
        {breaker.tripped && (
          <p className="demo-hint">
            Paused by the circuit breaker: raise the daily limit to start one.
          </p>
        )}
        <ul className="console-scenarios">
          {SCENARIOS.map((scenario) => (
            <li key={scenario.command}>
              <button
                type="button"
                className="console-scenario"
                disabled={busy || breaker.tripped}
                aria-describedby={`scenario-${scenario.command.slice(1)}`}
                onClick={() => {
                  thread.processMessage(scenario.command).catch(ignore);
                  // The run's status and thoughts are at the panel's top, above this list.
                  panelRef.current?.scrollTo?.({ top: 0, behavior: "smooth" });
                  onStart?.();
                }}
              >
                <span className="console-scenario__name">Start {scenario.name}</span>
                <code className="console-scenario__command">{scenario.command}</code>
              </button>
              <p
                id={`scenario-${scenario.command.slice(1)}`}
                className="console-scenario__description"
              >
                {scenario.description}
              </p>
              {scenario.command === "/workdeck" && onOpenWorkdeck && (
                <button type="button" className="console-scenario__link" onClick={onOpenWorkdeck}>
                  Your Workdeck actions
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>
    </aside>
  );
}
