import type { McpAppTool } from "@crayonai/stream";
import {
  AppBridge,
  type McpUiHostCapabilities,
  type McpUiHostContext,
  PostMessageTransport,
} from "@modelcontextprotocol/ext-apps/app-bridge";
import {
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { version } from "../../package.json";
import { KeptRowsContext } from "../internal/keptRowsContext";
import {
  type AppCsp,
  appContentSecurityPolicy,
  cspSources,
  withContentSecurityPolicy,
} from "../internal/mcpApps/appCsp";
import { McpAppError, postToRoute } from "../internal/mcpApps/appErrors";
import {
  APP_MESSAGE_METADATA,
  type AppSource,
  createRateLimit,
  messageText,
  modelContextEntry,
} from "../internal/mcpApps/appMessages";
import { type AppResource, readAppResource } from "../internal/mcpApps/appResource";
import { hostContextOf } from "../internal/mcpApps/hostContext";
import { callToolResultOfMessage } from "../internal/mcpApps/toolResult";
import { useReplyRunning } from "../internal/replyRunningContext";
import { safeLinkUrl } from "../internal/safeUrl";
import { useThreadActions } from "../internal/threadActionsContext";
import { enMcpApps } from "../locale/enMcpApps";
import type { LocaleValue } from "../locale/format";
import { useLocale } from "../locale/LocaleProvider";
import type { McpAppsHost } from "./McpApps";
import type { ToolUIProps } from "./ToolUIs";

/** Props of the MCP App card (loaded on demand by `McpAppToolUI`). */
export type McpAppViewProps = {
  host: McpAppsHost;
  tool: McpAppTool;
  call: ToolUIProps;
  /** What shows under the notice when the interface cannot load. */
  plain: ReactNode;
};

const HOST_INFO = { name: "Crayon", version };
/** The app's frame: scripts and forms run; no same-origin access, popups, top navigation or modals. */
const SANDBOX = "allow-scripts allow-forms";
/** The frame's height before the app reports its own. */
const FIRST_HEIGHT = 160;
const MIN_HEIGHT = 32;
/** How long an app has to answer `ui/resource-teardown` before its frame goes anyway. */
const TEARDOWN_MS = 1000;

// Kept across a card's unmounting (a windowed list dropping its row, a thread switch), by
// endpoint and tool call: the interface read once, the frame's last height so it comes back
// at that size, and the app's message allowance so unmounting does not renew it.
const resources = new Map<string, Promise<AppResource>>();
const lastHeights = new Map<string, number>();
const messageLimits = new Map<string, ReturnType<typeof createRateLimit>>();

/** Sets `key` as the newest entry of `map`, dropping the oldest past `max`. */
function remember<V>(map: Map<string, V>, key: string, value: V, max: number): V {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
  return value;
}

function loadResource(host: McpAppsHost, tool: McpAppTool): Promise<AppResource> {
  const uri = tool.ui!.resourceUri;
  const key = JSON.stringify([host.endpoint, tool.server, uri, host.maxResourceBytes]);
  const cached = resources.get(key);
  if (cached) return cached;
  const loading = readAppResource({
    fetch: host.fetch,
    endpoint: host.endpoint,
    threadId: host.threadId,
    server: tool.server,
    uri,
    maxBytes: host.maxResourceBytes,
  });
  // A failure is not kept: the next card tries again.
  loading.catch(() => resources.delete(key));
  return remember(resources, key, loading, 20);
}

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

const ignore = () => {};
const PENDING = Symbol("pending");

/** One frame's connection to its app and what it has been sent of the call. */
type Session = {
  bridge: AppBridge;
  initialized: boolean;
  closed: boolean;
  tornDown: boolean;
  /** The arguments text last sent as partial input. */
  partial?: string;
  input: boolean;
  done: boolean;
};

/**
 * Sends the app what it has not had of the call, in the protocol's order: partial input while
 * the arguments stream, the complete input once, then the result or the cancellation once.
 */
function sync(session: Session, call: ToolUIProps) {
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

/** What the host offers an app: proxied tools and reads, links, messages, model context, logs. */
function capabilitiesFor(csp: AppCsp | undefined): McpUiHostCapabilities {
  return {
    openLinks: {},
    serverTools: {},
    serverResources: {},
    logging: {},
    message: { text: {} },
    updateModelContext: { text: {}, structuredContent: {} },
    sandbox: {
      permissions: {},
      csp: {
        connectDomains: cspSources(csp?.connectDomains),
        resourceDomains: cspSources(csp?.resourceDomains),
        frameDomains: cspSources(csp?.frameDomains),
        baseUriDomains: cspSources(csp?.baseUriDomains),
      },
    },
  };
}

type PendingLink = { url: string; answer: (open: boolean) => void };

/** Props of {@link AppFrame}. */
type AppFrameProps = McpAppViewProps & {
  resource: AppResource;
  title: string;
  /** Filled by the frame: asks its app to tear down, resolving when it answered or gave up. */
  teardown: { current?: () => Promise<void> };
  /** The frame's display mode changed (a full-screen app is never put to rest). */
  onModeChange: (mode: "inline" | "fullscreen") => void;
};

/**
 * One live frame of an app: the sandboxed iframe with the app's HTML under its policy, and the
 * host side of the MCP Apps protocol (the ext-apps `AppBridge`) talking to it.
 */
function AppFrame({ host, tool, call, resource, title, teardown, onModeChange }: AppFrameProps) {
  const card = useRef<HTMLElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const id = call.toolCallId;
  const [height, setHeight] = useState(() => lastHeights.get(id) ?? FIRST_HEIGHT);
  const [mode, setMode] = useState<"inline" | "fullscreen">("inline");
  const [link, setLink] = useState<PendingLink>();
  const [dropped, setDropped] = useState(0);
  const [ready, setReady] = useState(false);
  const actions = useThreadActions();
  const { messages, format } = useLocale();
  const texts = mcpAppTexts(messages);
  // The handlers read the current props through this, not the ones of the first render.
  const latest = useRef({ host, call, mode, link, actions });
  latest.current = { host, call, mode, link, actions };
  const session = useRef<Session>(undefined);

  const toolInfo: McpUiHostContext["toolInfo"] = {
    id,
    tool: {
      name: tool.tool,
      ...(tool.title && { title: tool.title }),
      ...(tool.description && { description: tool.description }),
      inputSchema: { type: "object" },
    },
  };
  const contextNow = () => {
    const element = card.current!;
    const iframe = frame.current!;
    const fullscreen = latest.current.mode === "fullscreen";
    return hostContextOf(
      element,
      {
        displayMode: latest.current.mode,
        width: iframe.clientWidth,
        height: fullscreen ? iframe.clientHeight : latest.current.host.maxFrameHeight,
      },
      toolInfo,
    );
  };
  const contextRef = useRef(contextNow);
  contextRef.current = contextNow;
  /**
   * Tells an initialized app what changed about where it is shown. Not once the frame is gone:
   * a removed card's observers still report (a detached element resizes to nothing) before
   * their effects are cleaned up.
   */
  const pushContext = useCallback(() => {
    const current = session.current;
    if (current?.initialized && !current.closed && card.current && frame.current)
      current.bridge.setHostContext(contextRef.current());
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one bridge per frame; handlers read `latest`
  useEffect(() => {
    const iframe = frame.current!;
    const target = iframe.contentWindow;
    if (!target) return;
    const source: AppSource = { server: tool.server, tool: tool.tool, title, toolCallId: id };
    // What the resource's content declares, else what its tool's listing does.
    const csp = resource.csp ?? (tool.ui?.csp as AppCsp | undefined);
    const bridge = new AppBridge(null, HOST_INFO, capabilitiesFor(csp), {
      hostContext: contextRef.current(),
    });
    const current: Session = {
      bridge,
      initialized: false,
      closed: false,
      tornDown: false,
      input: false,
      done: false,
    };
    session.current = current;
    const limit =
      messageLimits.get(id) ??
      remember(messageLimits, id, createRateLimit(latest.current.host.messageLimit), 500);

    bridge.oninitialized = () => {
      current.initialized = true;
      setReady(true);
      pushContext();
      // Held until now: nothing is sent to an app before it says it is initialized.
      sync(current, latest.current.call);
    };
    bridge.onsizechange = ({ height: reported }) => {
      if (typeof reported !== "number" || !Number.isFinite(reported)) return;
      const capped = Math.min(
        Math.max(Math.ceil(reported), MIN_HEIGHT),
        latest.current.host.maxFrameHeight,
      );
      setHeight(capped);
      remember(lastHeights, id, capped, 500);
    };
    bridge.oncalltool = async ({ name, arguments: args }) => {
      const { host: now } = latest.current;
      const allowed = now.tools?.some(
        (listed) =>
          listed.server === tool.server &&
          listed.tool === name &&
          listed.visibility.includes("app"),
      );
      if (!allowed) {
        throw new McpAppError("tool_not_allowed", `this app may not call the tool "${name}".`);
      }
      return (await postToRoute(
        now.fetch,
        `${now.endpoint}/tools/call`,
        { threadId: now.threadId, server: tool.server, name, arguments: args ?? {} },
        "request_failed",
        "tool_not_allowed",
      )) as Awaited<ReturnType<NonNullable<AppBridge["oncalltool"]>>>;
    };
    bridge.onreadresource = async ({ uri }) => {
      const { host: now } = latest.current;
      return (await postToRoute(
        now.fetch,
        `${now.endpoint}/resources/read`,
        { threadId: now.threadId, server: tool.server, uri },
        "request_failed",
      )) as Awaited<ReturnType<NonNullable<AppBridge["onreadresource"]>>>;
    };
    bridge.onopenlink = async ({ url }) => {
      const href = safeLinkUrl(url);
      if (!href) throw new Error("only http and https links can be opened.");
      // One question at a time: a second link while the user decides is refused.
      if (latest.current.link) return { isError: true };
      const opened = await new Promise<boolean>((answer) => setLink({ url: href, answer }));
      return opened ? {} : { isError: true };
    };
    bridge.onmessage = async ({ content }) => {
      const text = messageText(content);
      if (!text) throw new Error("only text messages are accepted.");
      const { actions: thread, host: now } = latest.current;
      if (!thread) return { isError: true };
      if (!limit.take()) {
        setDropped((count) => count + 1);
        return { isError: true };
      }
      const context = now.takeModelContext();
      const sending = thread.processMessage({
        content: text,
        ...(context && { context }),
        metadata: { [APP_MESSAGE_METADATA]: source },
      });
      // Sent (or queued) resolves with the reply, much later; a refusal (a reply streams and
      // the chat has no queue) is known at once.
      return Promise.race([sending, Promise.resolve(PENDING)]).then(
        () => ({}),
        () => ({ isError: true }),
      );
    };
    bridge.onupdatemodelcontext = async (params) => {
      latest.current.host.setModelContext(id, modelContextEntry(source, params));
      return {};
    };
    bridge.onrequestdisplaymode = async ({ mode: asked }) => {
      const declared = bridge.getAppCapabilities()?.availableDisplayModes;
      const allowed =
        (asked === "inline" || asked === "fullscreen") && (!declared || declared.includes(asked));
      if (!allowed) return { mode: latest.current.mode };
      setMode(asked);
      return { mode: asked };
    };
    bridge.onloggingmessage = ignore;

    teardown.current = async () => {
      if (!current.initialized || current.tornDown) return;
      current.tornDown = true;
      await bridge.teardownResource({}, { timeout: TEARDOWN_MS }).catch(ignore);
    };
    bridge
      .connect(new PostMessageTransport(target, target))
      .then(() => {
        // The listener is up before the app's first message can arrive.
        if (!current.closed) {
          iframe.srcdoc = withContentSecurityPolicy(resource.html, appContentSecurityPolicy(csp));
        }
      })
      .catch(ignore);
    return () => {
      current.closed = true;
      session.current = undefined;
      teardown.current = undefined;
      latest.current.link?.answer(false);
      // Removed without waiting (the thread changed, the chat unmounted): the app is still told.
      if (current.initialized && !current.tornDown) {
        current.tornDown = true;
        bridge.teardownResource({}).catch(ignore);
      }
      bridge.close().catch(ignore);
    };
  }, [resource]);

  // The call as it changes: partial input while the arguments stream, then input and result.
  useEffect(() => {
    const current = session.current;
    if (current?.initialized) sync(current, call);
  }, [call]);

  // Full screen: the card goes to the top layer (a popover), so the frame is not moved (moving
  // an iframe reloads it) and no transformed row clips it.
  useLayoutEffect(() => {
    const element = card.current;
    if (!element) return;
    if (mode === "fullscreen") {
      element.setAttribute("popover", "manual");
      element.showPopover?.();
    } else if (element.hasAttribute("popover")) {
      element.hidePopover?.();
      element.removeAttribute("popover");
    }
    onModeChange(mode);
    pushContext();
  }, [mode, onModeChange, pushContext]);

  // The room it has and the theme, as they change.
  useEffect(() => {
    const element = card.current!;
    const resized =
      typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(pushContext);
    resized?.observe(element);
    const themeRoot = element.closest("[data-crayon-theme]");
    const themed = new MutationObserver(pushContext);
    if (themeRoot) themed.observe(themeRoot, { attributeFilter: ["data-crayon-theme", "style"] });
    return () => {
      resized?.disconnect();
      themed.disconnect();
    };
  }, [pushContext]);

  const answerLink = (open: boolean) => {
    if (!link) return;
    if (open) window.open(link.url, "_blank", "noopener,noreferrer");
    setLink(undefined);
    link.answer(open);
  };
  const fullscreen = mode === "fullscreen";
  const border = resource.prefersBorder ?? tool.ui?.prefersBorder;
  return (
    <section
      ref={card}
      className={`crayon-mcp-app${fullscreen ? " crayon-mcp-app--fullscreen" : ""}${border === false ? " crayon-mcp-app--borderless" : ""}`}
      aria-label={texts.label(title)}
      data-tool-call-id={id}
    >
      <div className="crayon-mcp-app__bar">
        <span className="crayon-mcp-app__title">{title}</span>
        <span className="crayon-mcp-app__server">{tool.server}</span>
        {!ready && (
          <span className="crayon-mcp-app__state" aria-busy="true">
            {texts.loading}
          </span>
        )}
        {fullscreen && (
          <button
            type="button"
            className="crayon-button crayon-button--secondary crayon-mcp-app__exit"
            onClick={() => setMode("inline")}
          >
            {texts.exitFullScreen}
          </button>
        )}
      </div>
      <iframe
        ref={frame}
        className="crayon-mcp-app__frame"
        title={title}
        sandbox={SANDBOX}
        referrerPolicy="no-referrer"
        style={fullscreen ? undefined : { height }}
      />
      {link && (
        <fieldset className="crayon-mcp-app__confirm">
          <legend>
            {texts.wantsToOpen(title)} <span className="crayon-mcp-app__url">{link.url}</span>
          </legend>
          <div className="crayon-tool-call__decision">
            <button type="button" className="crayon-button" onClick={() => answerLink(true)}>
              {texts.openLink}
            </button>
            <button
              type="button"
              className="crayon-button crayon-button--secondary"
              onClick={() => answerLink(false)}
            >
              {messages.common.cancel}
            </button>
          </div>
        </fieldset>
      )}
      {dropped > 0 && (
        <p className="crayon-mcp-app__notice" role="status">
          {texts.dropped(title, format.count(dropped))}
        </p>
      )}
    </section>
  );
}

/** The texts of MCP Apps in the locale: its catalogue's, else English (loaded with the apps). */
const mcpAppTexts = (messages: LocaleValue["messages"]): typeof enMcpApps => ({
  ...enMcpApps,
  ...messages.mcpApps,
});

/**
 * An MCP App's card: reads the tool's interface through the server's routes, then shows it in a
 * sandboxed frame ({@link AppFrame}); a failure shows its reason over the tool's plain result. A
 * frame far out of view, once its reply is over, is torn down (the app is asked first) and comes
 * back at its last size when scrolled to; until then its row stays rendered.
 */
export default function McpAppView(props: McpAppViewProps) {
  const { host, tool, call } = props;
  const title = tool.title ?? tool.tool;
  const texts = mcpAppTexts(useLocale().messages);
  const [resource, setResource] = useState<AppResource | McpAppError>();
  const { endpoint, fetch: fetchImpl, maxResourceBytes } = host;
  const uri = tool.ui?.resourceUri;
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again only when what it reads changes
  useEffect(() => {
    let current = true;
    loadResource(host, tool).then(
      (loaded) => current && setResource(loaded),
      (error: unknown) =>
        current &&
        setResource(
          error instanceof McpAppError
            ? error
            : new McpAppError("resource_unavailable", "its interface could not be read."),
        ),
    );
    return () => {
      current = false;
    };
  }, [endpoint, fetchImpl, maxResourceBytes, tool.server, uri]);

  // Resting: torn down while far out of view. A new generation is a new frame.
  const [resting, setResting] = useState(false);
  const [generation, setGeneration] = useState(0);
  const wrapper = useRef<HTMLDivElement>(null);
  const teardown = useRef<() => Promise<void>>(undefined);
  const near = useRef(true);
  const fullscreen = useRef(false);
  const running = useReplyRunning();
  const live = running || call.status === "streaming-args" || call.status === "running";
  const liveRef = useRef(live);
  liveRef.current = live;
  const restingRef = useRef(resting);
  restingRef.current = resting;

  const settle = useCallback(async () => {
    if (near.current) {
      if (restingRef.current) {
        setGeneration((count) => count + 1);
        setResting(false);
      }
      return;
    }
    if (restingRef.current || liveRef.current || fullscreen.current) return;
    await teardown.current?.();
    // Still far and idle once the app answered.
    if (!near.current && !liveRef.current && !fullscreen.current) setResting(true);
  }, []);

  useEffect(() => {
    const element = wrapper.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        near.current = entry?.isIntersecting ?? true;
        settle();
      },
      // "Far" is more than a screen away: a short scroll back finds the app as it was.
      { rootMargin: "100% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [settle]);
  // A reply that ends lets a far app rest.
  useEffect(() => {
    if (!live) settle();
  }, [live, settle]);

  // A live frame holds its row in a windowed list, so the app is asked before its frame goes.
  const held = useContext(KeptRowsContext);
  const alive = resource !== undefined && !(resource instanceof McpAppError) && !resting;
  const [row, setRow] = useState<number>();
  // After every render: the list row this card is in (rows move when the branch changes).
  useEffect(() => {
    const index = wrapper.current?.closest("[data-index]")?.getAttribute("data-index");
    const found = index == null ? undefined : Number(index);
    if (found !== row) setRow(found);
  });
  useEffect(() => {
    if (!held || !alive || row === undefined) return;
    held.push(row);
    return () => {
      held.splice(held.indexOf(row), 1);
    };
  }, [held, alive, row]);

  const onModeChange = useCallback((mode: "inline" | "fullscreen") => {
    fullscreen.current = mode === "fullscreen";
  }, []);

  if (resource instanceof McpAppError) {
    return (
      <div className="crayon-mcp-app-failed">
        <p className="crayon-mcp-app__error" role="note" data-error-code={resource.code}>
          {texts.notShown(title, resource.message)}
        </p>
        {props.plain}
      </div>
    );
  }
  const reserved = lastHeights.get(call.toolCallId) ?? FIRST_HEIGHT;
  return (
    <div ref={wrapper} className="crayon-mcp-app-slot">
      {resource && !resting ? (
        <AppFrame
          key={generation}
          {...props}
          resource={resource}
          title={title}
          teardown={teardown}
          onModeChange={onModeChange}
        />
      ) : (
        <div className="crayon-mcp-app crayon-mcp-app--loading" aria-busy="true">
          <div className="crayon-mcp-app__bar">
            <span className="crayon-mcp-app__title">{title}</span>
            <span className="crayon-mcp-app__server">{tool.server}</span>
          </div>
          <div className="crayon-mcp-app__placeholder" style={{ height: reserved }} />
        </div>
      )}
    </div>
  );
}
