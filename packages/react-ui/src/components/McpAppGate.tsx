import type { AssistantMessage, McpAppTool, ToolMessage } from "@crayonai/stream";
import {
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from "react";
import type { HostedToolItem } from "../internal/toolCalls/hostedToolItem";
import { type McpAppsConfig, type McpAppsHost, takeModelContext } from "./McpApps";
import type { ToolUIProps } from "./ToolUIs";

// The host side of the protocol and the sandboxed frame (with the ext-apps bridge): loaded with
// the first call of a tool that has an interface.
const McpAppView = lazy(() => import("./McpAppView"));

/** The tool lists, by endpoint: asked for once, kept while the page lives (a failure is not). */
const lists = new Map<
  string,
  { promise: Promise<readonly McpAppTool[]>; tools?: readonly McpAppTool[] }
>();

const isAppTool = (tool: McpAppTool) =>
  typeof tool?.name === "string" &&
  typeof tool.server === "string" &&
  typeof tool.tool === "string" &&
  Array.isArray(tool.visibility);

/** The options' `fetch` as it is when called, else the global one. */
const fetchOf =
  (config: McpAppsConfig): typeof fetch =>
  (input, init) =>
    (config.options.current.fetch ?? globalThis.fetch)(input, init);

/** The tools of the endpoint's MCP servers (`GET {endpoint}/tools`); none when they cannot be listed. */
export function listAppTools(config: McpAppsConfig): Promise<readonly McpAppTool[]> {
  const { endpoint } = config;
  const listed = lists.get(endpoint);
  if (listed) return listed.promise;
  const entry: { promise: Promise<readonly McpAppTool[]>; tools?: readonly McpAppTool[] } = {
    promise: fetchOf(config)(`${endpoint}/tools`)
      .then((response) => (response.ok ? response.json() : Promise.reject(response.status)))
      .then((body) => {
        const tools: McpAppTool[] = Array.isArray(body?.tools) ? body.tools.filter(isAppTool) : [];
        entry.tools = tools;
        return tools;
      })
      .catch((reason) => {
        // Without the list, tool calls keep their usual cards; the next chat asks again.
        console.warn(`Crayon: the MCP App tools could not be listed (${String(reason)}).`);
        lists.delete(endpoint);
        return [];
      }),
  };
  lists.set(endpoint, entry);
  return entry.promise;
}

/**
 * The listed tool with an interface that renders a call: by the name the model called, or, for a
 * call an Open Responses server ran (`mcp_call`), by its server label and MCP tool name.
 */
export function appToolFor(
  tools: readonly McpAppTool[] | undefined,
  name: string,
  hosted: HostedToolItem | undefined,
): McpAppTool | undefined {
  if (hosted && hosted.type !== "mcp_call") return undefined;
  return tools?.find(
    (tool) =>
      tool.ui?.resourceUri?.startsWith("ui://") &&
      (hosted ? tool.server === hosted.server_label && tool.tool === name : tool.name === name),
  );
}

/**
 * Where an MCP call an Open Responses server ran stands, as a tool UI's status and result: its
 * item's status, and its output (or error) once done.
 */
export function hostedCallState(
  item: HostedToolItem,
  replyStatus: AssistantMessage["status"],
  result: ToolMessage | undefined,
): Pick<ToolUIProps, "status" | "resultMessage" | "result" | "error"> {
  const reported = item.error as { message?: unknown } | string | null | undefined;
  const error =
    reported != null
      ? String(typeof reported === "object" ? (reported.message ?? "") : reported) ||
        "The MCP call failed."
      : item.status === "failed"
        ? "The MCP call failed."
        : undefined;
  if ((item.status === "completed" || error) && result) {
    const output = typeof item.output === "string" ? item.output : "";
    return {
      status: error ? "error" : "complete",
      resultMessage: { ...result, content: output, ...(error !== undefined && { error }) },
      result: output,
      error,
    };
  }
  const stopped = replyStatus === "stopped" || replyStatus === "error";
  return {
    status: stopped ? "incomplete" : "running",
    resultMessage: undefined,
    result: undefined,
    error: undefined,
  };
}

/** Props of {@link McpAppGate}. */
export type McpAppGateProps = {
  config: McpAppsConfig;
  call: ToolUIProps;
  replyStatus: AssistantMessage["status"];
  /** The server-run item the call's tool message holds (an Open Responses `mcp_call`). */
  hosted?: HostedToolItem;
  /** The call's usual card: shown under a notice when the tool's interface cannot load. */
  normal: ReactNode;
  /** Told whether the tool has an interface: while it has, the gate shows the app in the card's place. */
  onApp: (isApp: boolean) => void;
  /** This call's sandbox proxy, over the provider's. */
  sandboxProxyUrl?: string;
};

/**
 * A tool call in a chat with MCP Apps: its app when its tool has an interface, else its usual
 * card.
 */
export default function McpAppGate({
  config,
  call,
  replyStatus,
  hosted,
  normal,
  onApp,
  sandboxProxyUrl: ownProxy,
}: McpAppGateProps) {
  const { endpoint } = config;
  const [tools, setTools] = useState(() => lists.get(endpoint)?.tools);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one list per endpoint
  useEffect(() => {
    let current = true;
    listAppTools(config).then((listed) => current && setTools(listed));
    return () => {
      current = false;
    };
  }, [endpoint]);
  const {
    maxFrameHeight = 600,
    maxResourceBytes = 5_000_000,
    messageLimit,
    sandboxProxyUrl: configProxy,
  } = config.options.current;
  const count = messageLimit?.count ?? 3;
  const perMs = messageLimit?.perMs ?? 30_000;
  const host = useMemo<McpAppsHost>(
    () => ({
      endpoint,
      fetch: fetchOf(config),
      maxFrameHeight,
      maxResourceBytes,
      messageLimit: { count, perMs },
      sandboxProxyUrl: ownProxy ?? configProxy,
      threadId: config.threadId,
      tools,
      setModelContext: (key, entry) => {
        if (entry === undefined) config.modelContext.delete(key);
        else config.modelContext.set(key, entry);
      },
      takeModelContext: () => takeModelContext(config),
    }),
    [
      config,
      endpoint,
      tools,
      maxFrameHeight,
      maxResourceBytes,
      count,
      perMs,
      ownProxy,
      configProxy,
    ],
  );
  const tool = appToolFor(tools, call.toolName, hosted);
  // Before paint: the card and the app never show together.
  useLayoutEffect(() => onApp(tool !== undefined), [onApp, tool]);
  if (!tool) return null;
  const appCall = hosted
    ? { ...call, ...hostedCallState(hosted, replyStatus, call.resultMessage) }
    : call;
  const title = tool.title ?? tool.tool;
  return (
    <Suspense
      fallback={
        <div className="crayon-mcp-app crayon-mcp-app--loading" aria-busy="true">
          <div className="crayon-mcp-app__bar">
            <span className="crayon-mcp-app__title">{title}</span>
          </div>
        </div>
      }
    >
      <McpAppView host={host} tool={tool} call={appCall} plain={normal} />
    </Suspense>
  );
}
