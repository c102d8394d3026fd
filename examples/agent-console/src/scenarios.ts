/** One app the console shows running on the SDK, started by sending its command. */
export type Scenario = {
  command: string;
  name: string;
  description: string;
};

/** The four scenarios, in the order the side panel lists them. */
export const SCENARIOS: readonly Scenario[] = [
  {
    command: "/workflow",
    name: "Workflow engine",
    description: "List workflows, trigger one and watch each task run with its logs and timings.",
  },
  {
    command: "/workdeck",
    name: "Workdeck",
    description: "Task cards run in parallel; edit a card to restart it and its dependants.",
  },
  {
    command: "/crevnclaw",
    name: "CrevnClaw",
    description: "A live thought stream, approvals before destructive tools, STOP and spend.",
  },
  {
    command: "/cyrus",
    name: "Cyrus",
    description: "Subroutines on their own models, with a failed attempt and its retry.",
  },
];

/** Daily spend limit the readout compares against (CrevnClaw's circuit breaker). */
export const DAILY_BUDGET_USD = 2;
