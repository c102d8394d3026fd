import type { Message } from "@crayonai/stream";
import { useMemo } from "react";
import { latestThought } from "./viewModel/thoughtStream";

/** How much of the newest reasoning the strip shows: its last words, as they arrive. */
const TAIL = 160;

/**
 * On a phone the side panel is below the chat, so the thought stream would be out of sight
 * while the agent works: this strip above the chat shows the newest words of the reasoning
 * as they stream (the stylesheet shows it on narrow screens only). Hidden from screen
 * readers, which read the same text in the panel.
 */
export function LiveThought({ messages }: { messages: readonly Message[] }) {
  const thought = useMemo(() => latestThought(messages), [messages]);
  if (!thought?.isThinking) return null;
  const text = thought.content;
  return (
    <div className="console-live-thought" aria-hidden="true">
      <span className="console-live-thought__label">
        <span className="demo-live-dot" /> Thinking
      </span>
      <span className="console-live-thought__text">
        {text.length > TAIL ? `…${text.slice(-TAIL)}` : text}
      </span>
    </div>
  );
}
