import { formatCost } from "@crayonai/demo-ui/viewModel";
import type { RunSpend } from "../viewModel/spendByRun";

/** Runs the chart shows: the latest ones (the total covers them all). */
const MAX_RUNS = 6;

/**
 * Today's spend per run as a bar chart. It is a table whose bars only illustrate the figures
 * beside them, so the chart's text alternative is the chart itself. The run that took the day
 * over the limit says so.
 */
export function SpendChart({ runs }: { runs: readonly RunSpend[] }) {
  if (runs.length === 0) return <p className="demo-hint">No spend yet today.</p>;
  const shown = runs.slice(-MAX_RUNS);
  const earlier = runs.length - shown.length;
  const max = Math.max(...shown.map((run) => run.costUsd));
  return (
    <table className="console-spend">
      <caption>Spend per run today</caption>
      <thead className="crayon-visually-hidden">
        <tr>
          <th scope="col">Run</th>
          <th scope="col">Cost</th>
        </tr>
      </thead>
      <tbody>
        {shown.map((run) => (
          <tr key={run.run} data-tripped={run.tripped || undefined}>
            <th scope="row" title={run.label}>
              {run.label}
            </th>
            <td>
              <div className="console-spend__value">
                <span className="console-spend__track" aria-hidden="true">
                  <span
                    className="console-spend__bar"
                    // A tiny run still shows a sliver.
                    style={{ width: `${Math.max(2, (run.costUsd / (max || 1)) * 100)}%` }}
                  />
                </span>
                <span className="console-spend__cost">{formatCost(run.costUsd)}</span>
                {run.tripped && <span className="console-spend__tripped">Tripped the breaker</span>}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
      {earlier > 0 && (
        <tfoot>
          <tr>
            <td colSpan={2}>
              {earlier} earlier {earlier === 1 ? "run" : "runs"} today not shown.
            </td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}
