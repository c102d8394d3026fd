import { type ChatManager, type UseChatParams, useChat } from "@crayonai/react-core";
import { HeldReply, sseResponse } from "@crayonai/react-core/testing";
import type { CrayonStreamEvent } from "@crayonai/stream";
import { render } from "@testing-library/react";
import axe from "axe-core";
import type { ReactNode } from "react";
import { expect } from "vitest";

/** A complete Crayon SSE reply of `events`. */
export function reply(...events: CrayonStreamEvent[]): Response {
  return sseResponse(events);
}

export { HeldReply };

type Scripted = (signal: AbortSignal) => Response;

/**
 * A scripted backend: each `processMessage` call takes the next scripted response. `hold()`
 * scripts a reply the test streams by hand.
 */
export function createBackend() {
  const queue: Scripted[] = [];
  const requests: { threadId: string; messages: unknown[] }[] = [];
  const held: HeldReply[] = [];
  const processMessage: UseChatParams["processMessage"] = async ({
    threadId,
    messages,
    abortController,
  }) => {
    requests.push({ threadId, messages });
    const next = queue.shift();
    if (!next) throw new Error(`No response scripted for request #${requests.length}`);
    return next(abortController.signal);
  };
  return {
    processMessage,
    requests,
    /** Scripts a complete reply. */
    reply(...events: CrayonStreamEvent[]) {
      queue.push(() => reply(...events));
    },
    /** Scripts any response (e.g. an HTTP error). */
    respond(make: () => Response) {
      queue.push(make);
    },
    /** Scripts a held reply; `held[n]` is the n-th one once requested. */
    hold() {
      queue.push((signal) => {
        const stream = new HeldReply(signal);
        held.push(stream);
        return stream.response;
      });
    },
    held,
  };
}

export type Backend = ReturnType<typeof createBackend>;

type HarnessProps = {
  backend: Backend;
  ui: (chat: ChatManager) => ReactNode;
  params: Partial<UseChatParams>;
  chatRef: { current: ChatManager | null };
};

function Harness({ backend, ui, params, chatRef }: HarnessProps) {
  const chat = useChat({
    processMessage: backend.processMessage,
    streamBatching: "microtask",
    ...params,
  });
  chatRef.current = chat;
  return ui(chat);
}

/**
 * Renders `ui(chat)` with a real `useChat` on the scripted backend. Updates are published once
 * per network chunk (`streamBatching: "microtask"`), so tests need no timers.
 */
export function renderWithChat(
  backend: Backend,
  ui: (chat: ChatManager) => ReactNode,
  params: Partial<UseChatParams> = {},
) {
  const chatRef: { current: ChatManager | null } = { current: null };
  const result = render(<Harness backend={backend} ui={ui} params={params} chatRef={chatRef} />);
  return { ...result, chat: () => chatRef.current as ChatManager };
}

/** Runs axe-core on the rendered DOM and fails on any violation. */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  const results = await axe.run(container, {
    // jsdom has no layout or canvas: colour contrast cannot be computed.
    rules: { "color-contrast": { enabled: false } },
  });
  const violations = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(violations).toEqual([]);
}
