import type { CrayonStreamEvent } from "@crayonai/stream";

/**
 * How long to wait before an event: streamed pieces (text, reasoning, tool arguments) wait one
 * delay, everything else not at all (scripts pace their own progress updates).
 */
export function delayBefore(event: CrayonStreamEvent, delayMs: number): number {
  switch (event.type) {
    case "text-delta":
    case "reasoning-delta":
    case "tool-call-args":
      return delayMs;
    default:
      return 0;
  }
}
