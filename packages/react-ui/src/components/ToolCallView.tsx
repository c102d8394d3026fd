import type { ToolCall, ToolMessage } from "@crayonai/stream";
import { useThreadActions } from "../internal/threadActionsContext";

/** Props of {@link ToolCallView}. */
export type ToolCallViewProps = {
  toolCall: ToolCall;
  /** The tool message answering the call, once it exists. */
  result?: ToolMessage;
  /** The assistant message is still streaming (so a call without result may still get one). */
  isStreaming?: boolean;
  /** The assistant message waits for the user (`status: "awaiting_input"`), e.g. for an approval. */
  isAwaitingInput?: boolean;
};

type ToolCallState = "running" | "awaiting-approval" | "approved" | "rejected" | "done" | "failed";

const STATE_LABELS: Record<ToolCallState, string> = {
  running: "Running",
  "awaiting-approval": "Awaiting approval",
  approved: "Approved",
  rejected: "Rejected",
  done: "Done",
  failed: "Failed",
};

/**
 * Where the call stands. A result decides; before it, an approval answer (`metadata.approved`),
 * then a pending approval request (`metadata.approvalId` while the reply waits for the user).
 */
function toolCallState(
  toolCall: ToolCall,
  result: ToolMessage | undefined,
  isAwaitingInput: boolean | undefined,
): ToolCallState {
  const approved = toolCall.metadata?.approved;
  // A rejected call may still get a tool message (saying it did not run): it was rejected, not
  // failed, and stays so in history.
  if (approved === false) return "rejected";
  if (result) return result.error ? "failed" : "done";
  if (approved === true) return "approved";
  if (toolCall.metadata?.approvalId !== undefined && isAwaitingInput) return "awaiting-approval";
  return "running";
}

function prettyJson(text: string): string {
  if (!text.trim()) return "";
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // Arguments still streaming (incomplete JSON): show them as they are.
    return text;
  }
}

function resultText(result: ToolMessage): string {
  if (typeof result.content === "string") return prettyJson(result.content);
  return result.content
    .map((part) => (part.type === "text" ? part.text : `[${part.type}]`))
    .join("\n");
}

/**
 * A tool call: its name, arguments, state (running, awaiting approval, approved, rejected,
 * done, failed) and result.
 */
export function ToolCallView({
  toolCall,
  result,
  isStreaming,
  isAwaitingInput,
}: ToolCallViewProps) {
  const state = toolCallState(toolCall, result, isAwaitingInput);
  const label = STATE_LABELS[state];
  const args = prettyJson(toolCall.function.arguments);
  const actions = useThreadActions();
  const awaiting = state === "awaiting-approval";
  if (awaiting) {
    // What will run is shown, not folded away: the user decides on it right here.
    const answer = (type: "approve" | "reject") =>
      actions?.respond({ type, toolCallId: toolCall.id }).catch(() => {});
    return (
      <section
        className={`crayon-tool-call crayon-tool-call--${state}`}
        aria-label={`${toolCall.function.name}: approval needed`}
      >
        <div className="crayon-tool-call__summary">
          <span className="crayon-tool-call__name">{toolCall.function.name}</span>
          <span className="crayon-tool-call__state">{label}</span>
        </div>
        <div className="crayon-tool-call__body">
          {args && (
            <>
              <div className="crayon-tool-call__heading">It will run with</div>
              <pre className="crayon-tool-call__json">{args}</pre>
            </>
          )}
          {actions && (
            <div className="crayon-tool-call__decision">
              <button type="button" className="crayon-button" onClick={() => answer("approve")}>
                Approve
              </button>
              <button
                type="button"
                className="crayon-button crayon-button--secondary"
                onClick={() => answer("reject")}
              >
                Reject
              </button>
            </div>
          )}
        </div>
      </section>
    );
  }
  return (
    <details className={`crayon-tool-call crayon-tool-call--${state}`}>
      <summary className="crayon-tool-call__summary">
        <span className="crayon-tool-call__name">{toolCall.function.name}</span>
        <span className="crayon-tool-call__state" aria-busy={state === "running" && isStreaming}>
          {label}
        </span>
      </summary>
      <div className="crayon-tool-call__body">
        {args && (
          <>
            <div className="crayon-tool-call__heading">Arguments</div>
            <pre className="crayon-tool-call__json">{args}</pre>
          </>
        )}
        {result?.error && (
          <>
            <div className="crayon-tool-call__heading">Error</div>
            <pre className="crayon-tool-call__json">{result.error}</pre>
          </>
        )}
        {result && resultText(result) && (
          <>
            <div className="crayon-tool-call__heading">Result</div>
            <pre className="crayon-tool-call__json">{resultText(result)}</pre>
          </>
        )}
      </div>
    </details>
  );
}
