import type { TitleRequest } from "@crayonai/react-core";
import { messagePlainText } from "@crayonai/stream/text";

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

/**
 * The thread's title when its first message is a scenario's command alone: the scenario's name
 * ("Workflow engine"), where the SDK's own title would be the command's ("Workflow"). Passed
 * as `generateTitle`, which runs once the first reply ended; any other thread keeps its title.
 */
export function scenarioTitle({ messages, title }: TitleRequest): string {
  const first = messages.find((message) => message.role === "user");
  const text = first && messagePlainText(first).trim();
  return SCENARIOS.find((scenario) => scenario.command === text)?.name ?? title;
}
