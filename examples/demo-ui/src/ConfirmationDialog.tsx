import type { ToolUIProps } from "@crayonai/react-ui";
import { useState } from "react";

type Question = { question: string; confirmLabel: string; cancelLabel: string };

/** What the user answered, read back from the call's result. */
function answerOf(result: unknown): boolean | undefined {
  if (typeof result === "boolean") return result;
  const confirmed = (result as { confirmed?: unknown } | null)?.confirmed;
  return typeof confirmed === "boolean" ? confirmed : undefined;
}

/**
 * The `confirm_action` tool's UI: the model asks a yes/no question, the user answers here, and
 * the answer goes back as the call's result (`addResult`), which continues the reply.
 */
export function ConfirmationDialog({
  args,
  status,
  result,
  addResult,
}: ToolUIProps<Question, { confirmed: boolean }>) {
  const [sending, setSending] = useState(false);
  const question = typeof args?.question === "string" ? args.question : "";
  if (status !== "awaiting-result") {
    const answer = answerOf(result);
    const outcome =
      status === "streaming-args" || status === "running"
        ? "…"
        : answer === undefined
          ? "Not answered"
          : answer
            ? "Confirmed"
            : "Declined";
    return (
      <section className="demo-card demo-confirm" aria-label="Confirmation">
        <p className="demo-card__title">{question || "…"}</p>
        <p className="demo-card__muted">{outcome}</p>
      </section>
    );
  }
  const answer = (confirmed: boolean) => {
    setSending(true);
    addResult({ confirmed }).catch(() => setSending(false));
  };
  return (
    <fieldset className="demo-card demo-confirm" disabled={sending}>
      <legend className="demo-card__title">{question}</legend>
      <div className="demo-confirm__actions">
        <button type="button" className="crayon-button" onClick={() => answer(true)}>
          {args?.confirmLabel || "Confirm"}
        </button>
        <button
          type="button"
          className="crayon-button crayon-button--secondary"
          onClick={() => answer(false)}
        >
          {args?.cancelLabel || "Cancel"}
        </button>
      </div>
    </fieldset>
  );
}
