import type { McpAppTool, ToolMessage } from "@crayonai/stream";
import type { DeclaredCsp } from "@crayonai/stream/mcp-apps";
import type { AppBridge, McpUiHostCapabilities } from "@modelcontextprotocol/ext-apps/app-bridge";
import { version } from "../../../package.json";
import type { ToolCallStatus } from "../toolCalls/toolCallStatus";
import { McpAppError, postToRoute } from "./appErrors";
import { callToolResultOfMessage } from "./toolResult";

// The host side of the MCP Apps protocol that needs no React: what the host offers an app, what
// it sends of the tool call, and the app's requests it passes on to the MCP server.

/** Who the host is, as its bridge tells an app. */
export const HOST_INFO = { name: "Crayon", version };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The arguments as an object, when `text` is complete JSON of one. */
function completeArgs(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : {};
  } catch {
    return undefined;
  }
}

/** Drops the failure of a message to an app: a frame that is gone answers nothing. */
export const ignore = () => {};

/** One frame's connection to its app and what it has been sent of the call. */
export type Session = {
  bridge: AppBridge;
  initialized: boolean;
  closed: boolean;
  tornDown: boolean;
  /** The arguments text last sent as partial input. */
  partial?: string;
  input: boolean;
  done: boolean;
};

/** What an app is sent of its tool call (a tool UI's props have it). */
export type SyncedCall = {
  status: ToolCallStatus;
  args: unknown;
  argsText: string;
  resultMessage: ToolMessage | undefined;
};

/**
 * Sends the app what it has not had of the call, in the protocol's order: partial input while
 * the arguments stream, the complete input once, then the result or the cancellation once.
 */
export function sync(session: Session, call: SyncedCall) {
  const { bridge } = session;
  const { status, argsText } = call;
  const cancelled = status === "incomplete" || status === "rejected";
  if (!session.input) {
    if (status === "streaming-args") {
      if (isRecord(call.args) && session.partial !== argsText) {
        session.partial = argsText;
        bridge.sendToolInputPartial({ arguments: call.args }).catch(ignore);
      }
      return;
    }
    const args = completeArgs(argsText);
    if (args || !cancelled) {
      session.input = true;
      bridge.sendToolInput({ arguments: args ?? {} }).catch(ignore);
    }
  }
  if (session.done) return;
  if (call.resultMessage && (status === "complete" || status === "error")) {
    session.done = true;
    const result = callToolResultOfMessage(call.resultMessage);
    bridge.sendToolResult(result as Parameters<AppBridge["sendToolResult"]>[0]).catch(ignore);
  } else if (cancelled) {
    session.done = true;
    const reason =
      status === "rejected"
        ? "The user rejected the call."
        : "The reply stopped before the tool finished.";
    bridge.sendToolCancelled({ reason }).catch(ignore);
  }
}

/**
 * The app said it is initialized: it is sent the call as it stands, from nothing. Its view may
 * have initialized before in the same frame (its document replaced, or its `App` connected
 * anew): that view is gone with what it was sent, so what the session counted as sent is
 * forgotten first; else the new view would wait for an input and a result never sent again.
 */
export function syncInitialized(session: Session, call: SyncedCall) {
  session.partial = undefined;
  session.input = false;
  session.done = false;
  sync(session, call);
}

/** What the host offers an app: proxied tools and reads, links, messages, model context, logs. */
export function capabilitiesFor(csp: DeclaredCsp): McpUiHostCapabilities {
  return {
    openLinks: {},
    serverTools: {},
    serverResources: {},
    logging: {},
    message: { text: {} },
    updateModelContext: { text: {}, structuredContent: {} },
    sandbox: { permissions: {}, csp },
  };
}

/** The MCP App routes an app's server requests go through, and the tools listed there. */
export type ServerRoutes = {
  fetch: typeof fetch;
  endpoint: string;
  threadId: string | null;
  tools: readonly McpAppTool[] | undefined;
};

/**
 * Passes an app's calls of its server's tools and reads of its resources on to the server's
 * routes (`routes` is read at each request). Only tools listed as visible to apps may be called.
 */
export function proxyServerRequests(
  bridge: AppBridge,
  server: string,
  routes: () => ServerRoutes,
): void {
  bridge.oncalltool = async ({ name, arguments: args }) => {
    const now = routes();
    const allowed = now.tools?.some(
      (listed) =>
        listed.server === server && listed.tool === name && listed.visibility.includes("app"),
    );
    if (!allowed) {
      throw new McpAppError("tool_not_allowed", `this app may not call the tool "${name}".`);
    }
    return (await postToRoute(
      now.fetch,
      `${now.endpoint}/tools/call`,
      { threadId: now.threadId, server, name, arguments: args ?? {} },
      "request_failed",
      "tool_not_allowed",
    )) as Awaited<ReturnType<NonNullable<AppBridge["oncalltool"]>>>;
  };
  bridge.onreadresource = async ({ uri }) => {
    const now = routes();
    return (await postToRoute(
      now.fetch,
      `${now.endpoint}/resources/read`,
      { threadId: now.threadId, server, uri },
      "request_failed",
    )) as Awaited<ReturnType<NonNullable<AppBridge["onreadresource"]>>>;
  };
}
