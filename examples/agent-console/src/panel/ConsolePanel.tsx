import type { ChatManager } from "@crayonai/react-core";
import { useEffect, useMemo, useState } from "react";
import { DAILY_BUDGET_USD, SCENARIOS } from "../scenarios";
import { RUN_STATE_TEXT, runState } from "../viewModel/runState";
import { latestThought } from "../viewModel/thoughtStream";
import { sumUsage } from "../viewModel/usageTotals";
import { ThoughtStream } from "./ThoughtStream";
import { UsageReadout } from "./UsageReadout";

// Failures show in the conversation (the thread's error); nothing to add here.
const ignore = () => {};

/** Props of {@link ConsolePanel}. */
export type ConsolePanelProps = {
  chat: ChatManager;
  mode: "light" | "dark";
  onModeChange: (mode: "light" | "dark") => void;
};

/**
 * The console's side panel: a button per scenario, the run status with STOP, the thread's
 * token and cost readout, and the live thought stream.
 */
export function ConsolePanel({ chat, mode, onModeChange }: ConsolePanelProps) {
  const thread = chat.threadManager;
  const { isRunning, messages } = thread;
  const [stopRequested, setStopRequested] = useState(false);
  useEffect(() => {
    if (isRunning) setStopRequested(false);
  }, [isRunning]);

  const state = runState(thread, stopRequested);
  const usage = useMemo(() => sumUsage(messages), [messages]);
  const thought = useMemo(() => latestThought(messages), [messages]);
  // Starting while the thread list still loads could list the new thread twice.
  const busy = isRunning || thread.isLoadingMessages || chat.threadListManager.isLoading;

  return (
    <aside className="console-panel" aria-label="Agent console">
      <div className="console-panel__top">
        <h1 className="console-panel__title">Agent console</h1>
        <button
          type="button"
          className="crayon-button crayon-button--secondary console-theme-toggle"
          aria-pressed={mode === "dark"}
          onClick={() => onModeChange(mode === "dark" ? "light" : "dark")}
        >
          Dark theme
        </button>
      </div>

      <section className="console-panel__section" aria-labelledby="console-scenarios-heading">
        <h2 id="console-scenarios-heading" className="console-panel__heading">
          Scenarios
        </h2>
        <ul className="console-scenarios">
          {SCENARIOS.map((scenario) => (
            <li key={scenario.command}>
              <button
                type="button"
                className="console-scenario"
                disabled={busy}
                aria-describedby={`scenario-${scenario.command.slice(1)}`}
                onClick={() => thread.processMessage(scenario.command).catch(ignore)}
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
            </li>
          ))}
        </ul>
      </section>

      <section className="console-panel__section" aria-labelledby="console-run-heading">
        <h2 id="console-run-heading" className="console-panel__heading">
          Run
        </h2>
        <p className="console-run-state" role="status" data-state={state}>
          {isRunning && <span className="crayon-pulse" aria-hidden="true" />}
          {RUN_STATE_TEXT[state]}
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

      <UsageReadout usage={usage} budgetUsd={DAILY_BUDGET_USD} />
      <ThoughtStream thought={thought} />
    </aside>
  );
}
