import { useEffect, useRef } from "react";
import type { LatestThought } from "../viewModel/thoughtStream";

/**
 * The agent's latest reasoning, as it streams. A log that is deliberately not live: screen
 * readers would read every word; the conversation announces finished replies instead.
 */
export function ThoughtStream({ thought }: { thought: LatestThought | undefined }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const content = thought?.content;
  useEffect(() => {
    // Follow the newest words, like a terminal. (`content` triggers it.)
    if (content !== undefined && boxRef.current) {
      boxRef.current.scrollTop = boxRef.current.scrollHeight;
    }
  }, [content]);

  return (
    <section className="console-panel__section" aria-labelledby="console-thoughts-heading">
      <h2 id="console-thoughts-heading" className="console-panel__heading">
        Thought stream
        {thought && (
          <span className="console-thought-state">
            {thought.isThinking ? (
              <>
                <span className="demo-live-dot" aria-hidden="true" /> Thinking
              </>
            ) : (
              `Thought ${thought.number}`
            )}
          </span>
        )}
      </h2>
      <div
        ref={boxRef}
        className={`console-thoughts${thought ? "" : " console-thoughts--empty"}`}
        role="log"
        aria-live="off"
        aria-label="Latest reasoning"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the box scrolls; keyboard users must reach it
        tabIndex={0}
      >
        {thought ? thought.content : "No reasoning yet. CrevnClaw thinks out loud."}
      </div>
    </section>
  );
}
