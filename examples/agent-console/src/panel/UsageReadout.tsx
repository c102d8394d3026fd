import { formatCost, formatCount } from "@crayonai/demo-ui/viewModel";
import type { ModelCallView } from "../viewModel/modelCalls";
import { callsText } from "../viewModel/usageTotals";
import { ModelCallList } from "./ModelCallList";
import type { UsageFigures } from "./useUsageFigures";

const ROWS = [
  ["run", "This run"],
  ["thread", "This thread"],
  ["today", "Today"],
] as const;

/** Tokens and cost of the latest run, the thread and the day, counted per model call. */
export function UsageReadout({
  usage,
  runCalls,
}: {
  usage: UsageFigures;
  runCalls: readonly ModelCallView[];
}) {
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
      <p className="demo-hint console-usage__calls">
        Counted per model call: {callsText(usage.run.calls)} in this run,{" "}
        {callsText(usage.thread.calls)} in this thread. Today adds every thread used in this browser
        since midnight.
      </p>
      <ModelCallList calls={runCalls} />
    </section>
  );
}
