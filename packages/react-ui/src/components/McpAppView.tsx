import type { McpAppTool } from "@crayonai/stream";
import {
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { McpAppError } from "../internal/mcpApps/appErrors";
import { type AppResource, readAppResource } from "../internal/mcpApps/appResource";
import { FIRST_HEIGHT, lastHeights, remember, resources } from "../internal/mcpApps/cardMemory";
import { type SandboxProxy, sandboxProxyOf } from "../internal/mcpApps/sandboxProxy";
import { useReplyRunning } from "../internal/replyRunningContext";
import { KeptRowsContext } from "../internal/scroll/keptRowsContext";
import { mcpAppTexts } from "../locale/enMcpApps";
import { useLocale } from "../locale/LocaleProvider";
import { McpAppFrame } from "./McpAppFrame";
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

/**
 * An MCP App's card: reads the tool's interface through the server's routes, then shows it in a
 * sandboxed frame ({@link McpAppFrame}); a failure shows its reason over the tool's plain
 * result. A frame far out of view, once its reply is over, is torn down (the app is asked first)
 * and comes back at its last size when scrolled to; until then its row stays rendered.
 */
export default function McpAppView(props: McpAppViewProps) {
  const { host, tool, call } = props;
  const title = tool.title ?? tool.tool;
  const texts = mcpAppTexts(useLocale().messages);
  const [resource, setResource] = useState<AppResource | McpAppError>();
  const { endpoint, fetch: fetchImpl, maxResourceBytes } = host;
  const uri = tool.ui?.resourceUri;
  const proxyUrl = host.sandboxProxyUrl;
  const proxy = useMemo((): SandboxProxy | McpAppError | undefined => {
    if (proxyUrl === undefined) return undefined;
    try {
      return sandboxProxyOf(proxyUrl, window.location.origin);
    } catch (error) {
      return error as McpAppError;
    }
  }, [proxyUrl]);
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
    // The ref changes with the state, not at the next render: a report of the card coming
    // near, arriving before that render, must still find it resting and bring the app back.
    const rest = (now: boolean) => {
      restingRef.current = now;
      setResting(now);
    };
    if (near.current) {
      if (restingRef.current) {
        setGeneration((count) => count + 1);
        rest(false);
      }
      return;
    }
    if (restingRef.current || liveRef.current || fullscreen.current) return;
    await teardown.current?.();
    // Still far and idle once the app answered.
    if (!near.current && !liveRef.current && !fullscreen.current) rest(true);
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
  const alive =
    resource !== undefined &&
    !(resource instanceof McpAppError) &&
    !(proxy instanceof McpAppError) &&
    !resting;
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

  if (proxy instanceof McpAppError || resource instanceof McpAppError) {
    const failure = proxy instanceof McpAppError ? proxy : (resource as McpAppError);
    return (
      <div className="crayon-mcp-app-failed">
        <p className="crayon-mcp-app__error" role="note" data-error-code={failure.code}>
          {texts.notShown(title, failure.message)}
        </p>
        {props.plain}
      </div>
    );
  }
  const reserved = lastHeights.get(call.toolCallId) ?? FIRST_HEIGHT;
  return (
    <div ref={wrapper} className="crayon-mcp-app-slot">
      {resource && !resting ? (
        <McpAppFrame
          key={`${generation} ${proxyUrl}`}
          {...props}
          resource={resource}
          proxy={proxy}
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
