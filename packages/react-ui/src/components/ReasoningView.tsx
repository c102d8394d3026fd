import type { ReasoningMessage } from "@crayonai/stream";
import { useRef } from "react";
import { useLocale } from "../locale/LocaleProvider";
import { Markdown } from "./Markdown";
import { ChevronIcon } from "./StrokeIcon";

/**
 * How long the model thought, measured here from the first render while thinking to the first
 * without, for a message that carries no `durationMs`. Undefined for reasoning that was never
 * seen streaming (loaded from history without a duration).
 */
function useThinkingSeconds(isThinking: boolean): number | undefined {
  const startedAt = useRef<number | undefined>(undefined);
  const seconds = useRef<number | undefined>(undefined);
  if (isThinking && startedAt.current === undefined) startedAt.current = Date.now();
  if (!isThinking && startedAt.current !== undefined && seconds.current === undefined) {
    seconds.current = Math.max(1, Math.round((Date.now() - startedAt.current) / 1000));
  }
  return seconds.current;
}

/**
 * The model's reasoning, collapsed by default: a live "Thinking…" while it streams, then
 * "Thought for N s" (or "Thought" when its duration is unknown) with a chevron to open it.
 */
export function ReasoningView({ message }: { message: ReasoningMessage }) {
  const isThinking = message.isThinking === true;
  const measured = useThinkingSeconds(isThinking);
  const { messages, format } = useLocale();
  const texts = messages.conversation;
  // The duration the message carries (kept in history) wins over one measured here.
  const { durationMs } = message;
  const seconds =
    typeof durationMs === "number" && Number.isFinite(durationMs) && durationMs >= 0
      ? Math.max(1, Math.round(durationMs / 1000))
      : measured;
  return (
    <details className="crayon-reasoning">
      <summary className="crayon-reasoning__summary">
        <ChevronIcon />
        {isThinking ? (
          <span className="crayon-reasoning__thinking">
            <span className="crayon-pulse" aria-hidden="true" />
            {texts.thinking}
          </span>
        ) : seconds !== undefined ? (
          texts.thoughtFor(format.duration(seconds), format.count(seconds))
        ) : (
          texts.thought
        )}
      </summary>
      <div className="crayon-reasoning__content">
        <Markdown isStreaming={isThinking}>{message.content}</Markdown>
      </div>
    </details>
  );
}
