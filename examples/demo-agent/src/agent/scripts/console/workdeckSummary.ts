import { formatCost, formatCount } from "./format";
import { type TaskCard, taskAndDependants } from "./taskBoard";
import type { TaskBoardRun } from "./taskBoardRun";

// The text that closes a Workdeck run, below its board. The cards show each task's output, so
// the text says what the run came to and what to do next, not the outputs again.

const tasks = (count: number) => `${count} task${count === 1 ? "" : "s"}`;

/** What failed, why, and how the user goes on: edit the failed card, the run restarts there. */
function failureLines(cards: readonly TaskCard[]): string[] {
  return cards
    .filter((card) => card.status === "failed")
    .map((card) => {
      const downstream = new Set(taskAndDependants(cards, card.id));
      const blocked = cards.filter(
        (other) => other.status === "blocked" && downstream.has(other.id),
      );
      const waiting =
        blocked.length > 0
          ? ` ${tasks(blocked.length)} ${blocked.length === 1 ? "waits" : "wait"} on it (${blocked.map((c) => c.title).join(", ")}).`
          : "";
      return `**${card.title} failed:** ${card.error ?? "no reason given."}${waiting} Edit its instruction to fix it: the run restarts from it and keeps the finished outputs.`;
    });
}

/** Cards that needed more than one attempt, e.g. "Build the spreadsheet (attempt 2 of 3)". */
function retriedLine(cards: readonly TaskCard[]): string[] {
  const retried = cards.filter((card) => card.status === "completed" && card.attempt > 1);
  if (retried.length === 0) return [];
  const names = retried.map(
    (card) => `${card.title} (attempt ${card.attempt} of ${card.maxAttempts})`,
  );
  return [`Completed after a retry: ${names.join(", ")}.`];
}

/**
 * The closing text of a board run: `heading` (the action's title and what the run did), how many
 * tasks completed, what failed and how to go on, which tasks needed a retry, and the spend.
 */
export function runSummary(heading: string, run: TaskBoardRun): string {
  const { usage, cards } = run;
  const completed = cards.filter((card) => card.status === "completed").length;
  const spend = `Spend for this run: ${formatCount(usage.inputTokens)} tokens in, ${formatCount(usage.outputTokens)} out, ${formatCost(usage.costUsd)}.`;
  return [
    `${heading} ${completed} of ${cards.length} tasks completed.`,
    ...failureLines(cards),
    ...retriedLine(cards),
    spend,
  ].join("\n\n");
}
