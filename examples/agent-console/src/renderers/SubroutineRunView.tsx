import type { ActivityRenderer } from "@crayonai/react-ui";
import { useConsole } from "../ConsoleContext";
import { formatCost, formatCount, formatDuration } from "../viewModel/format";
import {
  readSubroutineRun,
  stepAttemptsText,
  subroutineTotalsText,
} from "../viewModel/subroutineRun";
import { ConsoleCard } from "./ConsoleCard";
import { StatusBadge } from "./StatusBadge";

/** Finished attempts have their duration, tokens and cost; running or stopped ones do not. */
const isFinished = (status: string) => status === "succeeded" || status === "failed";

/** A Cyrus workflow run: subroutines with their model, attempts, retries and cost. */
export const SubroutineRunView: ActivityRenderer = ({ message }) => {
  const { isRunning } = useConsole();
  const run = readSubroutineRun(message.content, isRunning);
  return (
    <ConsoleCard title={run.title} status={run.status}>
      {run.issue.title && (
        <p className="console-root-prompt">
          {run.issue.id}: {run.issue.title}
        </p>
      )}
      <p className="console-summary">{subroutineTotalsText(run)}</p>
      <ol className="console-steps" aria-label="Subroutines">
        {run.steps.map((step) => (
          <li key={step.name} className="console-step" data-status={step.status}>
            <div className="console-step__head">
              <code className="console-step__name">{step.name}</code>
              <span className="console-model" title="Model">
                <span className="console-visually-hidden">Model: </span>
                {step.model}
              </span>
              <span className="console-step__attempts">
                {step.singleTurn ? "Single turn" : stepAttemptsText(step)}
              </span>
              <StatusBadge status={step.status} />
            </div>
            {step.attempts.length > 0 && (
              <ol className="console-attempts" aria-label={`${step.name} attempts`}>
                {step.attempts.map((attempt) => (
                  <li key={attempt.number} className="console-attempt" data-status={attempt.status}>
                    <span className="console-attempt__number">Attempt {attempt.number}</span>
                    <StatusBadge status={attempt.status} />
                    {!isFinished(attempt.status) ? (
                      <span className="console-attempt__activity">{attempt.activity}</span>
                    ) : (
                      <>
                        <span className="console-attempt__stats">
                          {formatDuration(attempt.durationMs)} ·{" "}
                          {formatCount(attempt.inputTokens + attempt.outputTokens)} tokens ·{" "}
                          {formatCost(attempt.costUsd)}
                        </span>
                        {attempt.result && (
                          <span className="console-attempt__result">{attempt.result}</span>
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
    </ConsoleCard>
  );
};
