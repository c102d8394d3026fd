import type { CrayonStreamEvent } from "@crayonai/stream";
import type { Script } from "../script";
import { assistantMessage } from "../scriptEvents";

/** The agent state /count keeps: how many times it was asked, next to whatever else is there. */
export type CountState = { count: number };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The sentence that reports the count. */
export function countText(count: number): string {
  return count === 1
    ? "The counter in the agent state is now **1**. Send `/count` again: the state comes back with the next request (over crayon and ag-ui), and I add one."
    : `The counter in the agent state is now **${count}**.`;
}

async function* count(state: unknown): AsyncGenerator<CrayonStreamEvent> {
  const previous = isRecord(state) && typeof state.count === "number" ? state.count : undefined;
  const next = (previous ?? 0) + 1;
  // The first count sets the whole state; later ones patch it, as an agent would.
  yield previous === undefined
    ? { type: "state-snapshot", snapshot: { ...(isRecord(state) ? state : {}), count: next } }
    : { type: "state-delta", delta: [{ op: "replace", path: "/count", value: next }] };
  yield* assistantMessage(countText(next));
}

/**
 * `/count`: adds one to `count` in the agent state (a snapshot the first time, a JSON Patch
 * delta after) and says the new value. The client sends the state back with every request, so
 * the count grows across turns over the protocols that carry state (crayon and ag-ui); over the
 * others it starts again at 1.
 */
export const countScript: Script = {
  command: "/count",
  description: "Adds one to a counter in the agent state, which the next request sends back.",
  run: ({ state }) => count(state),
};
