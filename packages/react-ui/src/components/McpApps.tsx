import type { AssistantMessage, JSONValue, McpAppTool } from "@crayonai/stream";
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { DefaultToolUI } from "./DefaultToolUI";
import type { McpAppGateProps } from "./McpAppGate";
import type { ToolUIProps } from "./ToolUIs";

export type { McpAppTool } from "@crayonai/stream";

/** Where MCP Apps come from and the limits they run under (`CrayonChat`'s `mcpApps`). */
export type McpAppsOptions = {
  /**
   * The base URL of the server's MCP App routes (e.g. `"/api/mcp"`): `GET {endpoint}/tools`,
   * `POST {endpoint}/resources/read` and `POST {endpoint}/tools/call`.
   */
  endpoint: string;
  /** The `fetch` the routes are called with (to add headers, say). Default: the global one. */
  fetch?: typeof fetch;
  /** The tallest an app's frame grows in the conversation, in CSS pixels. Default 600. */
  maxFrameHeight?: number;
  /** The largest app interface (HTML) loaded, in bytes. Default 5 MB. */
  maxResourceBytes?: number;
  /**
   * How many messages (`ui/message`) one app may send in a window of time; more are dropped
   * with a notice on its card. Default 3 per 30 seconds.
   */
  messageLimit?: { count: number; perMs: number };
  /**
   * A sandbox proxy to show apps through: the URL of a page on another origin than the chat's
   * (`mcpAppSandboxProxy` of `@crayonai/server/mcp` serves one). The card's frame loads it, waits
   * for its `ui/notifications/sandbox-proxy-ready`, then sends it the app's HTML with the policy
   * its resource declares; the proxy shows the app in a sandboxed frame of its own and relays the
   * messages, which the host accepts from that frame on that origin only. Default: none, the app's
   * HTML goes straight into the card's frame (`srcdoc`, an opaque origin).
   */
  sandboxProxyUrl?: string;
};

/** What the provider shares: the options, the thread, and what apps gave the model. */
export type McpAppsConfig = {
  endpoint: string;
  /** The options as last rendered (read when used, so a new `fetch` needs no re-render). */
  options: { current: McpAppsOptions };
  threadId: string | null;
  /** By app (tool call id): what it last gave the model, until a message takes it. */
  modelContext: Map<string, JSONValue>;
};

/** What an MCP App card works with (built by the card's loader from the config and the tools). */
export type McpAppsHost = Required<Omit<McpAppsOptions, "fetch" | "sandboxProxyUrl">> & {
  fetch: typeof fetch;
  sandboxProxyUrl: string | undefined;
  threadId: string | null;
  tools: readonly McpAppTool[] | undefined;
  /** Sets (or, with undefined, clears) what one app gives the model with the next message. */
  setModelContext: (key: string, entry: JSONValue | undefined) => void;
  /** The apps' model context for the message being sent, cleared once taken. */
  takeModelContext: () => JSONValue[] | undefined;
};

export const McpAppsContext = createContext<McpAppsConfig | null>(null);

/** The enclosing {@link McpAppsProvider}'s configuration, or null without one. */
export function useMcpApps(): McpAppsConfig | null {
  return useContext(McpAppsContext);
}

/** What the apps gave the model, for the message being sent; cleared once taken. */
export function takeModelContext(config: McpAppsConfig | null): JSONValue[] | undefined {
  const entries = config ? [...config.modelContext.values()] : [];
  config?.modelContext.clear();
  return entries.length ? entries : undefined;
}

// Decides, per tool call, whether it has an app (the tool list, read once per endpoint), and
// loads the app's host code when one does. Loaded only by a chat with `mcpApps`.
const loadGate = () => import("./McpAppGate");
const McpAppGate = lazy(loadGate);

/**
 * A tool call in a chat with MCP Apps. Its usual card keeps its place in the tree while the gate
 * loads and decides (a Suspense fallback swapped for the same card would mount it anew, and an
 * expanded card, or the one being clicked, would close); once the tool is found to have an
 * interface, the app takes the card's place.
 */
export function McpAppSlot(props: Omit<McpAppGateProps, "onApp">) {
  const [isApp, setIsApp] = useState(false);
  return (
    <>
      {isApp ? null : props.normal}
      <Suspense fallback={null}>
        <McpAppGate {...props} onApp={setIsApp} />
      </Suspense>
    </>
  );
}

/** Props of {@link McpAppsProvider}. */
export type McpAppsProviderProps = McpAppsOptions & {
  /** The selected thread's id (`chat.threadManager.threadId`). */
  threadId: string | null;
  children: ReactNode;
};

/**
 * Renders MCP Apps for the tool calls of the chat inside it: lists the tools of the server's MCP
 * App routes once, then shows each call of a tool with an interface in a sandboxed frame (see
 * {@link McpAppToolUI}). `CrayonChat` adds it when given `mcpApps`; add it yourself around a
 * layout built from the parts. The app code loads with the first such call.
 *
 * @example
 * ```tsx
 * <McpAppsProvider endpoint="/api/mcp" threadId={chat.threadManager.threadId}>
 *   <MessageList chat={chat} />
 *   <Composer chat={chat} />
 * </McpAppsProvider>
 * ```
 */
export function McpAppsProvider({ children, threadId, ...options }: McpAppsProviderProps) {
  const latest = useRef(options);
  latest.current = options;
  const { endpoint } = options;
  // Model context is per thread: another thread starts without it.
  const config = useMemo(
    () => ({ endpoint, options: latest, threadId, modelContext: new Map<string, JSONValue>() }),
    [endpoint, threadId],
  );
  // The tool list is asked for at once, so it is there when the first call streams.
  useEffect(() => {
    loadGate().then((gate) => gate.listAppTools(config));
  }, [config]);
  return <McpAppsContext.Provider value={config}>{children}</McpAppsContext.Provider>;
}

/** Props of {@link McpAppToolUI}: a tool UI's. */
export type McpAppToolUIProps = ToolUIProps & {
  /** Shown when the tool has no interface, or under a notice when it cannot load. Default: the built-in card. */
  plain?: ReactNode;
  /** The status of the reply carrying the call. */
  replyStatus?: AssistantMessage["status"];
  /** The sandbox proxy to show this app through, instead of the provider's `sandboxProxyUrl`. */
  sandboxProxyUrl?: string;
};

/**
 * A tool call shown in its MCP App: the interface its MCP server declares for the tool, in a
 * sandboxed frame on its own origin, fed the call's arguments as they stream and then its result.
 * `CrayonChat` (or {@link McpAppsProvider}) uses it for every call of a tool that has an
 * interface; register it yourself to pick the tools (`toolUIs={{ get_time: McpAppToolUI }}`).
 * Outside an `McpAppsProvider`, or for a tool without an interface, it shows the built-in card.
 */
export function McpAppToolUI({
  plain,
  replyStatus = "complete",
  sandboxProxyUrl,
  ...call
}: McpAppToolUIProps) {
  const config = useMcpApps();
  const normal = plain ?? <DefaultToolUI {...call} />;
  if (!config) return normal;
  return (
    <McpAppSlot
      config={config}
      call={call}
      replyStatus={replyStatus}
      normal={normal}
      sandboxProxyUrl={sandboxProxyUrl}
    />
  );
}
