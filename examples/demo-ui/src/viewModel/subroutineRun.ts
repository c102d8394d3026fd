import { attemptsText } from "./attempts";
import { formatCost, formatCount, formatDuration, plural } from "./format";
import { readArray, readNumber, readRecord, readString } from "./read";
import { liveStatus } from "./status";

/** One attempt of a Cyrus subroutine. */
export type AttemptView = {
  number: number;
  status: string;
  /** What the agent is doing (while running). */
  activity: string;
  /** The subroutine's final text, or why it failed. */
  result: string;
  durationMs: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
};

/** One subroutine step. */
export type SubroutineStepView = {
  name: string;
  promptPath: string;
  model: string;
  maxAttempts: number;
  singleTurn: boolean;
  status: string;
  attempts: AttemptView[];
};

/** A `subroutine-run` activity, ready to render. */
export type SubroutineRunView = {
  title: string;
  issue: { id: string; title: string };
  status: string;
  steps: SubroutineStepView[];
  totals: { inputTokens: number; outputTokens: number; costUsd: number; durationMs: number };
};

/** Reads a `subroutine-run` activity's content (see {@link readWorkflowRun} for `isReplyRunning`). */
export function readSubroutineRun(
  content: Record<string, unknown>,
  isReplyRunning: boolean,
): SubroutineRunView {
  const issue = readRecord(content.issue);
  const totals = readRecord(content.totals);
  return {
    title: readString(content.title, readString(content.workflow, "Workflow")),
    issue: { id: readString(issue.id), title: readString(issue.title) },
    status: liveStatus(readString(content.status, "running"), isReplyRunning),
    totals: {
      inputTokens: readNumber(totals.inputTokens),
      outputTokens: readNumber(totals.outputTokens),
      costUsd: readNumber(totals.costUsd),
      durationMs: readNumber(totals.durationMs),
    },
    steps: readArray(content.steps).map((item, index) => {
      const step = readRecord(item);
      return {
        name: readString(step.name, `step ${index + 1}`),
        promptPath: readString(step.promptPath),
        model: readString(step.model, "default"),
        maxAttempts: readNumber(step.maxAttempts, 1),
        singleTurn: step.singleTurn === true,
        status: liveStatus(readString(step.status, "pending"), isReplyRunning),
        attempts: readArray(step.attempts).map((raw, attemptIndex) => {
          const attempt = readRecord(raw);
          return {
            number: readNumber(attempt.number, attemptIndex + 1),
            status: liveStatus(readString(attempt.status, "running"), isReplyRunning),
            activity: readString(attempt.activity),
            result: readString(attempt.result),
            durationMs: readNumber(attempt.durationMs),
            inputTokens: readNumber(attempt.inputTokens),
            outputTokens: readNumber(attempt.outputTokens),
            costUsd: readNumber(attempt.costUsd),
          };
        }),
      };
    }),
  };
}

/** The run's totals in words, e.g. "6 attempts, 7 min 3 s agent time, 151,800 tokens, $0.8400." */
export function subroutineTotalsText(run: SubroutineRunView): string {
  const attempts = run.steps.reduce((sum, step) => sum + step.attempts.length, 0);
  const tokens = run.totals.inputTokens + run.totals.outputTokens;
  return `${plural(attempts, "attempt")}, ${formatDuration(run.totals.durationMs)} agent time, ${formatCount(tokens)} tokens, ${formatCost(run.totals.costUsd)}.`;
}

/**
 * A step's attempts: "Attempt 2 of 3" while it runs (the next one while it is retrying),
 * "Succeeded on attempt 2" once it has finished, "Single attempt" for a step that never retries.
 */
export function stepAttemptsText(step: SubroutineStepView): string {
  if (step.maxAttempts <= 1) return "Single attempt";
  const next = step.status === "retrying" ? 1 : 0;
  const current = Math.max(1, step.attempts.length + next);
  return attemptsText(step.status, current, step.maxAttempts);
}

/** The time a step's finished attempts took, e.g. "2 min 50 s", or "" before one finishes. */
export function stepTimeText(step: SubroutineStepView): string {
  const ms = step.attempts.reduce((sum, attempt) => sum + attempt.durationMs, 0);
  return ms > 0 ? formatDuration(ms) : "";
}
