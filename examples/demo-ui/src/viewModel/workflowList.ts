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

/** The command that triggers `workflow` (what its Trigger button sends). */
export function triggerCommand(workflow: Pick<WorkflowEntry, "name">): string {
  return `/workflow run ${workflow.name}`;
}
