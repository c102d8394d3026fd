import { breachText } from "../circuitBreaker";
import { budgetText } from "../viewModel/dailyLimit";
import type { RunSpend } from "../viewModel/spendByRun";
import { LimitField } from "./LimitField";
import { SpendChart } from "./SpendChart";
import type { CircuitBreaker } from "./useCircuitBreaker";

/**
 * CrevnClaw's circuit breaker: today's spend against a daily limit the user sets, the spend
 * per run, and the breach: past the limit the agent is stopped and calls no model until the
 * limit is raised (or the day ends).
 */
export function CircuitBreakerSection({
  breaker,
  todayUsd,
  runs,
}: {
  breaker: CircuitBreaker;
  todayUsd: number;
  runs: readonly RunSpend[];
}) {
  const { limitUsd, setLimit, tripped, halted } = breaker;
  return (
    <section
      className="console-panel__section console-breaker"
      data-tripped={tripped || undefined}
      aria-labelledby="console-breaker-heading"
    >
      <h2 id="console-breaker-heading" className="console-panel__heading">
        Circuit breaker
        <span className="console-breaker__state">{tripped ? "Tripped" : "Armed"}</span>
      </h2>
      {/* Always there, so screen readers announce the breach when it appears. */}
      <div role="alert" className="console-breach">
        {tripped && (
          <p>
            <strong>{breachText(todayUsd, limitUsd)}.</strong>{" "}
            {halted
              ? "The circuit breaker stopped the agent: it calls no model until you raise the limit, or until midnight."
              : "The agent calls no model until you raise the limit, or until midnight."}
          </p>
        )}
      </div>
      <LimitField limitUsd={limitUsd} onChange={setLimit} />
      <label className="console-budget">
        <span>{budgetText(todayUsd, limitUsd)}</span>
        <meter
          min={0}
          max={limitUsd}
          low={limitUsd * 0.6}
          high={limitUsd * 0.85}
          optimum={0}
          value={Math.min(todayUsd, limitUsd)}
        />
      </label>
      <SpendChart runs={runs} />
    </section>
  );
}
