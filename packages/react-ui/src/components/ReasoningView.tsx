import type { ReasoningMessage } from "@crayonai/stream";
import { Markdown } from "./Markdown";

/** The model's reasoning, collapsed by default, with a live indicator while it streams. */
export function ReasoningView({ message }: { message: ReasoningMessage }) {
  return (
    <details className="crayon-reasoning">
      <summary className="crayon-reasoning__summary">
        {message.isThinking ? (
          <span className="crayon-reasoning__thinking">
            <span className="crayon-pulse" aria-hidden="true" />
            Thinking…
          </span>
        ) : (
          "Reasoning"
        )}
      </summary>
      <div className="crayon-reasoning__content">
        <Markdown>{message.content}</Markdown>
      </div>
    </details>
  );
}
