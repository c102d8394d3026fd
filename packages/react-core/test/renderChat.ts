import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { useChat } from "../src/hooks/useChat";
import type { UseChatParams } from "../src/types";
import { type ChatServer, createChatServer } from "./chatServer";

/**
 * A msw chat backend for the tests of one file: listening for the whole file, unmounting what
 * the test rendered and checking that every request had a scripted response after each test.
 */
export function setupChatBackend(): ChatServer {
  const backend = createChatServer();
  beforeAll(() => backend.server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => {
    cleanup();
    const unscripted = [...backend.unscripted];
    backend.reset();
    expect(unscripted, "requests without a scripted response").toEqual([]);
  });
  afterAll(() => backend.server.close());
  return backend;
}

export type ChatProps = Partial<UseChatParams<any>>;

/**
 * Renders `useChat` against the msw backend: `processMessage` posts through real `fetch` with
 * the abort signal unless the props replace it, and streamed updates are published once per
 * network chunk (`streamBatching: "microtask"`) so tests need no timers. `rerender` takes new
 * props, as a parent component re-rendering with new callbacks would.
 */
export function renderChat(backend: ChatServer, props: ChatProps = {}) {
  let renders = 0;
  const hook = renderHook(
    (current: ChatProps) => {
      renders++;
      return useChat<any>({
        processMessage: backend.processMessage,
        streamBatching: "microtask",
        ...current,
      });
    },
    { initialProps: props },
  );
  return {
    ...hook,
    /** The selected thread as the component last rendered it. */
    thread: () => hook.result.current.threadManager,
    /** The thread list as the component last rendered it. */
    list: () => hook.result.current.threadListManager,
    /** How many times the component rendered so far. */
    renders: () => renders,
  };
}

/**
 * Starts an action inside `act` without waiting for it to finish (a reply that keeps streaming,
 * a thread creation held open). Await the result later with {@link settle}.
 */
export function start<T>(action: () => Promise<T>): Promise<T> {
  let promise!: Promise<T>;
  act(() => {
    promise = action();
  });
  // Handled here so a rejection the test checks later is not reported as unhandled.
  promise.catch(() => {});
  return promise;
}

/** Waits for an action started with {@link start} (or any promise) inside `act`. */
export async function settle<T>(promise: Promise<T>): Promise<T> {
  let value!: T;
  await act(async () => {
    value = await promise;
  });
  return value;
}

/**
 * Retries `assertion` until it passes (for updates that arrive with the stream), checking
 * often: streamed chunks land within a few milliseconds. Fails after one second.
 */
export function eventually<T>(assertion: () => T): Promise<T> {
  return waitFor(assertion, { interval: 2, timeout: 1000 });
}
