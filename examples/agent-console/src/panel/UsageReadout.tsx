import { formatCost, formatCount } from "@crayonai/demo-ui/viewModel";
import { budgetText } from "../viewModel/usageTotals";
import type { UsageFigures } from "./useUsageFigures";

const ROWS = [
  ["run", "This run"],
  ["thread", "This thread"],
  ["today", "Today"],
] as const;

/** Tokens and cost of the latest run, the thread and the day, against the daily budget. */
export function UsageReadout({ usage, budgetUsd }: { usage: UsageFigures; budgetUsd: number }) {
  return (
    <section className="console-panel__section" aria-labelledby="console-usage-heading">
      <h2 id="console-usage-heading" className="console-panel__heading">
        Tokens and cost
      </h2>
      <table className="console-usage">
        <thead>
          <tr>
            <td />
            <th scope="col">Tokens in</th>
            <th scope="col">Tokens out</th>
            <th scope="col">Cost</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map(([key, label]) => (
            <tr key={key} data-scope={key}>
              <th scope="row">{label}</th>
              <td>{formatCount(usage[key].inputTokens)}</td>
              <td>{formatCount(usage[key].outputTokens)}</td>
              <td>{formatCost(usage[key].costUsd)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <label className="console-budget">
        <span>{budgetText(usage.today.costUsd, budgetUsd)}</span>
        <meter
          min={0}
          max={budgetUsd}
          low={budgetUsd * 0.6}
          high={budgetUsd * 0.85}
          optimum={0}
          value={usage.today.costUsd}
        />
      </label>
      <p className="demo-hint">
        Summed from the usage the agent reports per model call ({usage.thread.reports}{" "}
        {usage.thread.reports === 1 ? "report" : "reports"} in this thread). Today adds every thread
        used in this browser since midnight.
      </p>
    </section>
  );
}
