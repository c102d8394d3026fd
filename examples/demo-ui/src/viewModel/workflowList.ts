import { displayValue, readArray, readNumber, readRecord, readString } from "./read";

/** One deployed workflow with the status of its latest run. */
export type WorkflowEntry = {
  name: string;
  version: number;
  description: string;
  inputs: [string, string][];
  lastRun?: { runId: string; status: string };
};

/** A `workflow-list` activity, ready to render. */
export type WorkflowListView = { title: string; workflows: WorkflowEntry[] };

/** Reads a `workflow-list` activity's content. */
export function readWorkflowList(content: Record<string, unknown>): WorkflowListView {
  return {
    title: readString(content.title, "Workflows"),
    workflows: readArray(content.workflows).map((item) => {
      const workflow = readRecord(item);
      const entry: WorkflowEntry = {
        name: readString(workflow.name, "workflow"),
        version: readNumber(workflow.version, 1),
        description: readString(workflow.description),
        inputs: Object.entries(readRecord(workflow.inputs)).map(([key, value]) => [
          key,
          displayValue(value),
        ]),
      };
      const lastRun = readRecord(workflow.lastRun);
      if (typeof lastRun.runId === "string") {
        entry.lastRun = { runId: lastRun.runId, status: readString(lastRun.status, "running") };
      }
      return entry;
    }),
  };
}

/** A workflow's input values by name. */
export type InputValues = Record<string, string>;

/** Each input of `workflow` at its default value (what its card's fields start with). */
export function defaultInputs(workflow: Pick<WorkflowEntry, "inputs">): InputValues {
  return Object.fromEntries(workflow.inputs);
}

/** The inputs of `workflow` that `values` leaves empty (the run would refuse them). */
export function emptyInputs(
  workflow: Pick<WorkflowEntry, "inputs">,
  values: InputValues,
): string[] {
  return workflow.inputs.map(([key]) => key).filter((key) => !values[key]?.trim());
}

/**
 * The command that triggers `workflow` (what its Trigger button sends): the inputs `values`
 * changed from their defaults go with it as `--input` JSON, as the engine's CLI takes them.
 */
export function triggerCommand(
  workflow: Pick<WorkflowEntry, "name" | "inputs">,
  values: InputValues = {},
): string {
  const changed = workflow.inputs
    .map(([key, fallback]) => [key, values[key]?.trim() ?? fallback, fallback] as const)
    .filter(([, value, fallback]) => value !== fallback)
    .map(([key, value]) => [key, value]);
  const command = `/workflow run ${workflow.name}`;
  return changed.length > 0
    ? `${command} --input ${JSON.stringify(Object.fromEntries(changed))}`
    : command;
}
