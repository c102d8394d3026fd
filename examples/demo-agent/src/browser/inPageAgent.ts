import { Hono } from "hono";
import type { Script } from "../agent/script";
import { demoScripts } from "../agent/scripts";
import { createHelpScript } from "../agent/scripts/help";
import { relayBody } from "../chat/relayBody";
import { defaultDelayMs, defaultMaxBodyBytes } from "../options";
import { mountDemoAgentRoutes } from "../routes/demoAgentRoutes";
import { memoryThreadStore } from "../store/memoryThreadStore";
import { pageReplies } from "./pageReplies";

/** Options of {@link createInPageAgent}. */
export type InPageAgentOptions = {
  /** Pause in ms between streamed pieces of a scripted reply. Default: 20, as the server's. */
  delayMs?: number;
};

/** The demo agent running in the page: see {@link createInPageAgent}. */
export type InPageAgent = {
  /**
   * A `fetch` that answers the demo agent's routes under `/api` (any origin; other paths get
   * `404`) in the page, streaming each reply as the server would. Aborting its `signal` fails
   * the response, or its body while it streams, with the signal's reason, as `fetch` does.
   */
  fetch: typeof fetch;
  /** Stops the running replies and forgets every thread. */
  close(): Promise<void>;
};

/** Commands that need what a page does not have: `/mcp` starts MCP servers over stdio. */
const SERVER_ONLY = new Set(["/mcp"]);

/**
 * The commands the in-page agent knows: every demo script a page can run (all but `/mcp`), with
 * a `/help` that lists those.
 */
export const inPageScripts: readonly Script[] = [
  createHelpScript(() => inPageScripts),
  ...demoScripts.filter(({ command }) => command !== "/help" && !SERVER_ONLY.has(command)),
];

/**
 * The scripted demo agent in the page, with no server: the same routes as the demo agent's server
 * (threads, `POST /api/chat` in every protocol, the two OpenAI-compatible routes, stop, the
 * commands at `GET /api/scripts`), answered by its own request handling, with threads kept in
 * memory until the page goes. Give its `fetch` to `demoAgentChatParams`. It knows every command
 * but `/mcp` (MCP servers run over stdio), and answers other messages with the scripted echo
 * (no model is called).
 *
 * @example
 * ```tsx
 * const agent = createInPageAgent();
 * function Playground() {
 *   const chat = useChat(demoAgentChatParams({ protocol: "ag-ui", fetch: agent.fetch }));
 *   return <CrayonChat chat={chat} />;
 * }
 * ```
 */
export function createInPageAgent(options: InPageAgentOptions = {}): InPageAgent {
  const store = memoryThreadStore();
  const replies = pageReplies();
  const app = mountDemoAgentRoutes(new Hono(), {
    threads: { store, started: Promise.resolve() },
    options: {
      delayMs: options.delayMs ?? defaultDelayMs,
      maxBodyBytes: defaultMaxBodyBytes,
      corsOrigins: [],
    },
    replies,
    scripts: inPageScripts,
  });

  const inPageFetch: typeof fetch = async (input, init) => {
    // A relative address is the page's: the routes read only its path and query.
    const request =
      input instanceof Request
        ? new Request(input, init)
        : new Request(new URL(String(input), "http://in-page.invalid"), init);
    request.signal.throwIfAborted();
    const response = relayBody(await app.fetch(request), { signal: request.signal });
    // Aborted while the route answered: the relay cancelled the reply; fetch rejects.
    request.signal.throwIfAborted();
    return response;
  };

  return {
    fetch: inPageFetch,
    async close() {
      await replies.shutdown();
      await store.close();
    },
  };
}
