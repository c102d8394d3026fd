/**
 * The browser side of the demo agent: `useChat` params that talk to its REST routes and stream
 * in one of its protocols. Imports no Node module, Hono or database driver, so it bundles for
 * browsers.
 *
 * @packageDocumentation
 */
import type { LoadedThread, Thread, UseChatParams } from "@crayonai/react-core";
import type { Message, UserMessage } from "@crayonai/stream";
import { demoBackend } from "./browser/demoBackend";
import { demoMcpClientTools } from "./browser/mcpClientTools";
import { weatherClientTool } from "./browser/weatherClientTool";
import type { DemoProtocol } from "./protocols/demoProtocols";

export {
  WORKDECK_EXAMPLES,
  type WorkdeckExample,
} from "./agent/scripts/console/workdeckPlanner";
export { demoToolNames } from "./agent/toolNames";
export type { WeatherReport } from "./agent/weather";
export { demoModel } from "./browser/demoBackend";
export { demoProtocolAdapter } from "./browser/demoProtocolAdapter";
export { weatherClientTool } from "./browser/weatherClientTool";
export {
  type DemoProtocol,
  demoProtocolLabels,
  demoProtocols,
  isDemoProtocol,
} from "./protocols/demoProtocols";

/** Options of {@link demoAgentChatParams}. */
export type DemoAgentClientOptions = {
  /** Where the demo agent's routes are mounted. Default `"/api"`. */
  baseUrl?: string;
  /** The protocol replies stream in. Default `"crayon"`. */
  protocol?: DemoProtocol;
  /** The `fetch` to use (tests pass the app's own). Default: the global `fetch`. */
  fetch?: typeof fetch;
};

/** A command of the demo agent, as `GET /api/scripts` lists it. */
export type DemoScriptInfo = { command: string; description: string };

/** The `{ error }` of a failed response, or its status. */
async function failure(response: Response, what: string): Promise<Error> {
  let detail = `${response.status} ${response.statusText}`.trim();
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === "string") detail = body.error;
  } catch {
    // Not JSON: the status says enough.
  }
  return new Error(`Could not ${what}: ${detail}`);
}

function createRequester(options: DemoAgentClientOptions) {
  const base = (options.baseUrl ?? "/api").replace(/\/+$/, "");
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const json = async <T>(path: string, what: string, init?: RequestInit): Promise<T> => {
    const response = await doFetch(`${base}${path}`, {
      ...init,
      headers: { "content-type": "application/json", ...init?.headers },
    });
    if (!response.ok) throw await failure(response, what);
    return (response.status === 204 ? undefined : await response.json()) as T;
  };
  return { base, doFetch, json };
}

/**
 * `useChat` params for the demo agent: the thread list and history come from its REST routes,
 * and replies stream in the chosen protocol, each sent its own request format (a
 * `RunAgentInput` for `ag-ui`, the AI SDK's chat request for `vercel`, a Chat Completions
 * request to `{baseUrl}/openai` for `openai`, a Responses request to `{baseUrl}/openai/responses`
 * for `open-responses`, Crayon's body for the others). Over `openai` and `open-responses` the
 * browser also runs the `get_weather` tool, since an OpenAI stream carries no results of the
 * app's tools; over `openai` it runs `/mcp`'s MCP tools too (through `{baseUrl}/mcp`).
 *
 * @example
 * ```tsx
 * const chat = useChat(demoAgentChatParams({ protocol: "ag-ui" }));
 * return <CrayonChat chat={chat} />;
 * ```
 */
export function demoAgentChatParams(options: DemoAgentClientOptions = {}): UseChatParams<unknown> {
  const protocol = options.protocol ?? "crayon";
  const { base, doFetch, json } = createRequester(options);
  const threadPath = (threadId: string) => `/threads/${encodeURIComponent(threadId)}`;

  return {
    fetchThreadList: (params) =>
      json<{ threads: Thread[]; nextCursor?: string }>(
        `/threads${params?.cursor ? `?cursor=${encodeURIComponent(params.cursor)}` : ""}`,
        "load the threads",
      ),
    createThread: (firstMessage: UserMessage) =>
      json<Thread>("/threads", "create the thread", {
        method: "POST",
        body: JSON.stringify({ firstMessage }),
      }),
    updateThread: (thread: Thread) =>
      json<Thread>(threadPath(thread.threadId), "rename the thread", {
        method: "PATCH",
        body: JSON.stringify({ title: thread.title }),
      }),
    deleteThread: async (threadId: string) => {
      await json<void>(threadPath(threadId), "delete the thread", { method: "DELETE" });
    },
    // The stored tree: a reload keeps every branch and opens on the one shown last.
    loadThread: (threadId: string) =>
      json<LoadedThread<Message>>(`${threadPath(threadId)}/tree`, "load the thread"),
    onActiveBranchChange: ({ threadId, activeLeafId }) => {
      json<void>(`${threadPath(threadId)}/active-leaf`, "switch the branch", {
        method: "PUT",
        body: JSON.stringify({ activeLeafId }),
      }).catch((error) => console.warn(error));
    },
    ...demoBackend(protocol, base, doFetch),
    ...(protocol === "open-responses" && { tools: [weatherClientTool] }),
    // Chat Completions carries no results of tools the server runs: the browser runs /mcp's too.
    ...(protocol === "openai" && {
      tools: [weatherClientTool, ...demoMcpClientTools(`${base}/mcp`, doFetch)],
    }),
  };
}

/** The demo agent's commands (`GET {baseUrl}/scripts`), e.g. for composer suggestions. */
export function fetchDemoScripts(
  options: Pick<DemoAgentClientOptions, "baseUrl" | "fetch"> = {},
): Promise<DemoScriptInfo[]> {
  return createRequester(options).json<DemoScriptInfo[]>("/scripts", "load the commands");
}
