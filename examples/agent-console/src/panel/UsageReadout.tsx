import { formatCost, formatCount } from "@crayonai/demo-ui/viewModel";
import { budgetText, type UsageTotals } from "../viewModel/usageTotals";

/** Tokens and cost of the thread so far, against the daily budget. */
export function UsageReadout({ usage, budgetUsd }: { usage: UsageTotals; budgetUsd: number }) {
  return (
    <section className="console-panel__section" aria-labelledby="console-usage-heading">
      <h2 id="console-usage-heading" className="console-panel__heading">
        Tokens and cost
      </h2>
      <dl className="console-usage">
        <div>
          <dt>Tokens in</dt>
          <dd>{formatCount(usage.inputTokens)}</dd>
        </div>
        <div>
          <dt>Tokens out</dt>
          <dd>{formatCount(usage.outputTokens)}</dd>
        </div>
        <div>
          <dt>Cost</dt>
          <dd>{formatCost(usage.costUsd)}</dd>
        </div>
      </dl>
      <label className="console-budget">
        <span>{budgetText(usage.costUsd, budgetUsd)}</span>
        <meter
          min={0}
          max={budgetUsd}
          low={budgetUsd * 0.6}
          high={budgetUsd * 0.85}
          optimum={0}
          value={usage.costUsd}
        />
      </label>
      <p className="demo-hint">
        Summed from the usage metadata of {usage.reports} model{" "}
        {usage.reports === 1 ? "turn" : "turns"} in this thread.
      </p>
    </section>
  );
}
