import { describe, expect, it } from "vitest";
import type { CrayonStreamEvent } from "../events";
import { deferredEvents } from "./deferredEvents";

/** A response whose body records whether it was cancelled. */
function trackedResponse() {
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    cancel: () => {
      state.cancelled = true;
    },
  });
  return { response: new Response(body), state };
}

async function* events(...list: CrayonStreamEvent[]) {
  yield* list;
}

async function collect(stream: AsyncIterable<CrayonStreamEvent>) {
  const out: CrayonStreamEvent[] = [];
  for await (const event of stream) out.push(event);
  return out;
}

describe("deferredEvents", () => {
  it("loads on the first next() and then hands out the loaded stream's events", async () => {
    const { response } = trackedResponse();
    let loads = 0;
    const stream = deferredEvents(
      response,
      async () => {
        loads++;
        return events({ type: "text-delta", text: "Hi" });
      },
      "The decoder",
    );
    expect(loads).toBe(0);
    expect(await collect(stream)).toEqual([{ type: "text-delta", text: "Hi" }]);
    expect(loads).toBe(1);
  });

  it("a failed load is one network error, and the body is cancelled", async () => {
    const { response, state } = trackedResponse();
    const stream = deferredEvents(
      response,
      () => Promise.reject(new Error("offline")),
      "The decoder",
    );
    expect(await collect(stream)).toEqual([
      { type: "error", code: "network", error: "The decoder could not be loaded: offline." },
    ]);
    expect(state.cancelled).toBe(true);
  });

  it("stopping before the load cancels the body", async () => {
    const { response, state } = trackedResponse();
    const iterator = deferredEvents(response, async () => events(), "The decoder")[
      Symbol.asyncIterator
    ]();
    await iterator.return?.();
    expect(state.cancelled).toBe(true);
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
  });
});
