import type { ActivityRenderer } from "@crayonai/react-ui";
import type { ReactNode } from "react";
import { useDemoActions } from "../DemoActions";
import { formatCost, formatCount, formatDuration } from "../viewModel/format";
import {
  readSubroutineRun,
  stepAttemptsText,
  stepTimeText,
  subroutineTotalsText,
} from "../viewModel/subroutineRun";
import { ActivityCard } from "./ActivityCard";
import { StatusBadge } from "./StatusBadge";

/** Finished attempts have their duration, tokens and cost; running or stopped ones do not. */
const isFinished = (status: string) => status === "succeeded" || status === "failed";

/** A Cyrus workflow run: subroutines with their model, attempts, retries and cost. */
export const SubroutineRunView: ActivityRenderer = ({ message }) => {
  const { isRunning } = useDemoActions();
  const run = readSubroutineRun(message.content, isRunning);
  return (
    <ActivityCard title={keepingTogether(run.title, run.issue.id)} status={run.status}>
      {run.issue.title && (
        <p className="demo-root-prompt">
          <span className="demo-nowrap">{run.issue.id}</span>: {run.issue.title}
        </p>
      )}
      <p className="demo-summary">{subroutineTotalsText(run)}</p>
      <ol className="demo-steps" aria-label="Subroutines">
        {run.steps.map((step) => (
          <li key={step.name} className="demo-step" data-status={step.status}>
            {/* Name and status on one line, the rest below: it reads the same on a phone. */}
            <div className="demo-step__head">
              <code className="demo-step__name">{step.name}</code>
              <StatusBadge status={step.status} />
              <p className="demo-step__meta">
                <span className="demo-model" title="Model">
                  <span className="crayon-visually-hidden">Model: </span>
                  {step.model}
                </span>
                <span>{step.singleTurn ? "Single turn" : stepAttemptsText(step)}</span>
                {stepTimeText(step) && (
                  <span className="demo-step__time">
                    <span className="crayon-visually-hidden">Time: </span>
                    {stepTimeText(step)}
                  </span>
                )}
              </p>
            </div>
            {step.attempts.length > 0 && (
              <ol className="demo-attempts" aria-label={`${step.name} attempts`}>
                {step.attempts.map((attempt) => (
                  <li key={attempt.number} className="demo-attempt" data-status={attempt.status}>
                    <span className="demo-attempt__number">Attempt {attempt.number}</span>
                    <StatusBadge status={attempt.status} />
                    {!isFinished(attempt.status) ? (
                      <span className="demo-attempt__activity">{attempt.activity}</span>
                    ) : (
                      <>
                        <span className="demo-attempt__stats">
                          {formatDuration(attempt.durationMs)} ·{" "}
                          {formatCount(attempt.inputTokens + attempt.outputTokens)} tokens ·{" "}
                          {formatCost(attempt.costUsd)}
                        </span>
                        {attempt.result && (
                          <span className="demo-attempt__result">{attempt.result}</span>
                        )}
                      </>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ol>
    </ActivityCard>
  );
};

/** `text` with `token` (an issue id such as CYR-142) kept on one line: no break at its hyphen. */
function keepingTogether(text: string, token: string): ReactNode {
  const at = token ? text.lastIndexOf(token) : -1;
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <span className="demo-nowrap">{token}</span>
      {text.slice(at + token.length)}
    </>
  );
}
