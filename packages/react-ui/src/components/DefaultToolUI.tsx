import type { ToolMessage } from "@crayonai/stream";
import { readableFields } from "../internal/readableFields";
import { useLocale } from "../locale/LocaleProvider";
import type { CrayonMessages } from "../locale/messages";
import { ChevronIcon } from "./StrokeIcon";
import type { ToolUIProps } from "./ToolUIs";

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
 * A call's arguments: "Path: build/old" lines when they are simple (a flat object of short
 * values), else their JSON.
 */
function ToolArguments({ parsed, json }: { parsed: unknown; json: string }) {
  const fields = readableFields(parsed);
  if (!fields) return <pre className="crayon-tool-call__json">{json}</pre>;
  return (
    <dl className="crayon-activity__fields crayon-tool-call__fields">
      {fields.map(([label, text]) => (
        <div key={label} className="crayon-activity__field">
          {/* Each runs in its own direction: "@scope/name" in an Arabic chat. */}
          <dt dir="auto">{label}</dt>
          <dd dir="auto">{text}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The built-in tool call card: the tool's name, its state, and (folded) its arguments and
 * result. An approval request is shown open: the tool, the arguments it will run with, and
 * Approve / Reject. Register your own with {@link ToolUIsProvider}, or use this one as the
 * fallback around your own parts.
 */
export function DefaultToolUI({
  toolName,
  args: parsedArgs,
  argsText,
  status,
  resultMessage,
  toolCall,
  approve,
  reject,
}: ToolUIProps) {
  const { messages } = useLocale();
  const texts = messages.tools;
  const label = messages.toolStatus[status];
  const args = prettyJson(argsText);
  if (status === "awaiting-approval") {
    // What will run is shown, not folded away: the user decides on it right here.
    return (
      <section
        className={`crayon-tool-call crayon-tool-call--${status}`}
        aria-label={texts.approvalNeeded(toolName)}
      >
        <div className="crayon-tool-call__summary">
          <span className="crayon-tool-call__name">{toolName}</span>
          <span className="crayon-tool-call__state">{label}</span>
        </div>
        <div className="crayon-tool-call__body">
          {args && (
            <>
              <div className="crayon-tool-call__heading">{texts.willRunWith}</div>
              <ToolArguments parsed={parsedArgs} json={args} />
            </>
          )}
          <div className="crayon-tool-call__decision">
            <button type="button" className="crayon-button" onClick={() => approve().catch(ignore)}>
              {messages.common.approve}
            </button>
            <button
              type="button"
              className="crayon-button crayon-button--secondary"
              onClick={() => reject().catch(ignore)}
            >
              {messages.common.reject}
            </button>
          </div>
        </div>
      </section>
    );
  }
  const busy = status === "running" || status === "streaming-args";
  const output = resultMessage && resultText(resultMessage);
  const decision = decisionOf(toolCall, texts);
  // A rejected call's tool message only repeats that it did not run: the decision says it.
  const error = decision?.approved === false ? undefined : resultMessage?.error;
  return (
    <details className={`crayon-tool-call crayon-tool-call--${status}`}>
      {/* The chevron marks the card as one that opens (a flex summary has no marker). */}
      <summary className="crayon-tool-call__summary">
        <ChevronIcon />
        <span className="crayon-tool-call__name">{toolName}</span>
        <span className="crayon-tool-call__state" aria-busy={busy}>
          {label}
        </span>
        {decision && <span className="crayon-tool-call__decided">{decision.text}</span>}
      </summary>
      <div className="crayon-tool-call__body">
        {args && (
          <>
            <div className="crayon-tool-call__heading">
              {decision
                ? decision.approved
                  ? texts.approvedWith
                  : texts.askedToRunWith
                : texts.arguments}
            </div>
            <ToolArguments parsed={parsedArgs} json={args} />
          </>
        )}
        {error && (
          <>
            <div className="crayon-tool-call__heading">{texts.error}</div>
            <pre className="crayon-tool-call__json">{error}</pre>
          </>
        )}
        {output && (
          <>
            <div className="crayon-tool-call__heading">{texts.result}</div>
            <pre className="crayon-tool-call__json">{output}</pre>
          </>
        )}
      </div>
    </details>
  );
}

/**
 * Who decided an approval request and how, from the call's metadata (`approved`, `reason`,
 * which `respond` records and history keeps): "Approved by you", "Rejected by you: reason".
 */
function decisionOf(
  toolCall: ToolUIProps["toolCall"],
  texts: CrayonMessages["tools"],
): { approved: boolean; text: string } | undefined {
  const approved = toolCall.metadata?.approved;
  if (typeof approved !== "boolean") return undefined;
  const reason = toolCall.metadata?.reason;
  const why = typeof reason === "string" && reason.trim() ? reason.trim() : undefined;
  return { approved, text: approved ? texts.approvedByYou : texts.rejectedByYou(why) };
}

// A failed answer shows through the chat's error state (the message list's notice).
const ignore = () => {};
