import {
  appContentSecurityPolicy,
  declaredCsp,
  withContentSecurityPolicy,
} from "@crayonai/stream/mcp-apps";
import { AppBridge, type McpUiHostContext } from "@modelcontextprotocol/ext-apps/app-bridge";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import {
  capabilitiesFor,
  HOST_INFO,
  ignore,
  proxyServerRequests,
  type Session,
  sync,
  syncInitialized,
} from "../internal/mcpApps/appBridge";
import {
  APP_MESSAGE_METADATA,
  type AppSource,
  createRateLimit,
  messageText,
  modelContextEntry,
} from "../internal/mcpApps/appMessages";
import type { AppResource } from "../internal/mcpApps/appResource";
import { FIRST_HEIGHT, lastHeights, messageLimits, remember } from "../internal/mcpApps/cardMemory";
import { hostContextOf } from "../internal/mcpApps/hostContext";
import { frameTransport, PROXY_SANDBOX, type SandboxProxy } from "../internal/mcpApps/sandboxProxy";
import { safeLinkUrl } from "../internal/safeUrl";
import { useThreadActions } from "../internal/threadActionsContext";
import { mcpAppTexts } from "../locale/enMcpApps";
import { useLocale } from "../locale/LocaleProvider";
import type { McpAppViewProps } from "./McpAppView";

/**
 * The app's frame (or, through a proxy, the proxy's inner frame): scripts and forms run; no
 * same-origin access, popups, top navigation or modals.
 */
const SANDBOX = "allow-scripts allow-forms";
const MIN_HEIGHT = 32;
/** How long an app has to answer `ui/resource-teardown` before its frame goes anyway. */
const TEARDOWN_MS = 1000;

/** What a message is raced against: a send that is not refused at once counts as sent. */
const PENDING = Symbol("pending");

type PendingLink = { url: string; answer: (open: boolean) => void };

/** Props of {@link McpAppFrame}. */
type McpAppFrameProps = McpAppViewProps & {
  resource: AppResource;
  /** The sandbox proxy the app is shown through; without one, its HTML is the frame's `srcdoc`. */
  proxy: SandboxProxy | undefined;
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
export function McpAppFrame({
  host,
  tool,
  call,
  resource,
  proxy,
  title,
  teardown,
  onModeChange,
}: McpAppFrameProps) {
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
    const csp = declaredCsp(resource.csp ?? tool.ui?.csp);
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
      // Held until now: nothing is sent to an app before it says it is initialized, and each
      // time it says so (a view that loads again) it gets the whole call again.
      current.initialized = true;
      setReady(true);
      pushContext();
      syncInitialized(current, latest.current.call);
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
    proxyServerRequests(bridge, tool.server, () => latest.current.host);
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
    // The app's HTML under its policy: the policy goes in whichever way it is shown, so a
    // proxy that enforced none would still show the app under it.
    const html = () => withContentSecurityPolicy(resource.html, appContentSecurityPolicy(csp));
    // Through a proxy, the app is sent once the proxy says it is ready (again if it reloads).
    if (proxy) {
      bridge.addEventListener("sandboxready", () => {
        if (current.closed) return;
        bridge.sendSandboxResourceReady({ html: html(), sandbox: SANDBOX, csp }).catch(ignore);
      });
    }
    const { transport, release } = frameTransport(target, proxy);
    bridge
      .connect(transport)
      .then(() => {
        // The listener is up before the app's (or the proxy's) first message can arrive.
        if (current.closed) return;
        if (proxy) iframe.src = proxy.src;
        else iframe.srcdoc = html();
      })
      .catch(ignore);
    return () => {
      release();
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
        sandbox={proxy ? PROXY_SANDBOX : SANDBOX}
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
