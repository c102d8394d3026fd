import { formatCost, formatCount } from "@crayonai/demo-ui/viewModel";
import type { ModelCallView } from "../viewModel/modelCalls";
import { callsText } from "../viewModel/usageTotals";

/** The latest run's model calls, each agent or subroutine call with its tokens and cost. */
export function ModelCallList({ calls }: { calls: readonly ModelCallView[] }) {
  if (calls.length === 0) return null;
  return (
    <details className="console-calls">
      <summary>{callsText(calls.length)} in this run</summary>
      <table className="console-calls__table">
        <thead className="crayon-visually-hidden">
          <tr>
            <th scope="col">Call</th>
            <th scope="col">Tokens</th>
            <th scope="col">Cost</th>
          </tr>
        </thead>
        <tbody>
          {calls.map((call, index) => (
            // Calls are listed in the order they were made and never move.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={index}>
              <th scope="row">
                {call.name}
                {call.model && <span className="console-calls__model"> · {call.model}</span>}
              </th>
              <td>{formatCount(call.inputTokens + call.outputTokens)}</td>
              <td>{formatCost(call.costUsd)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
