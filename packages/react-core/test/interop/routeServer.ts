import { renderHook } from "@testing-library/react";
import { http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";
import { useChat } from "../../src/hooks/useChat";
import type { UseChatParams } from "../../src/types";
import { settle, start } from "../renderChat";

/**
 * Serves route handlers (`(request: Request) => Response`, as Next.js route handlers and most
 * fetch-style servers are written) at their URLs on msw, for the tests of one file. `use`
 * swaps the handler behind a URL for each test.
 */
export function serveRoutes(urls: string[]) {
  const handlers = new Map<string, (request: Request) => Response | Promise<Response>>();
  const server = setupServer(
    ...urls.map((url) =>
      http.post(url, ({ request }) => {
        const handler = handlers.get(url);
        if (!handler) throw new Error(`No route handler for ${url}`);
        return handler(request);
      }),
    ),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => handlers.clear());
  afterAll(() => server.close());
  return {
    use(url: string, handler: (request: Request) => Response | Promise<Response>) {
      handlers.set(url, handler);
    },
  };
}

/** Renders `useChat` with these params (published once per network chunk, so no timers). */
export function renderUseChat(params: UseChatParams<any>) {
  const hook = renderHook(() => useChat<any>({ streamBatching: "microtask", ...params }));
  const thread = () => hook.result.current.threadManager;
  return {
    thread,
    /** Sends a user message and waits for the whole reply (tool round trips included). */
    send: (text: string) => settle(start(() => thread().processMessage(text))),
    /** Answers the reply that waits for input and waits for what follows. */
    respond: (...args: Parameters<ReturnType<typeof thread>["respond"]>) =>
      settle(start(() => thread().respond(...args))),
    /** The visible conversation, one line per message: `role: text`. */
    lines: () =>
      thread().messages.map((m) => {
        if (m.role === "assistant") {
          const calls = (m.toolCalls ?? []).map((c) => `[${c.function.name}]`).join("");
          return `assistant: ${m.content ?? ""}${calls}`;
        }
        return `${m.role}: ${"content" in m && typeof m.content === "string" ? m.content : ""}`;
      }),
  };
}
