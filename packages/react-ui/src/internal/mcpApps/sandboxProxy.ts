import { PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";
import { McpAppError } from "./appErrors";

// An app shown through a sandbox proxy: a page on another origin than the chat's, which the card's
// frame loads and which writes the app's HTML into a sandboxed frame of its own, relaying the
// protocol's messages both ways (the MCP Apps "sandbox proxy"). The host talks to the proxy's
// window only, on the proxy's origin only.

/** The sandbox of a proxy's frame: its own origin (never the host's), scripts and forms. */
export const PROXY_SANDBOX = "allow-scripts allow-same-origin allow-forms";

/** Where a card's frame loads the proxy from, and the one origin it answers from. */
export type SandboxProxy = { src: string; origin: string };

/**
 * The proxy at `url` for a page on `pageOrigin`: an absolute `http(s)` URL on another origin (a
 * proxy on the page's own origin would give the app the page). The page's origin goes in the
 * fragment, which the proxy posts to and accepts messages from; the fragment never reaches a
 * server. Throws an McpAppError (`sandbox_proxy_invalid`) for any other URL.
 */
export function sandboxProxyOf(url: string, pageOrigin: string): SandboxProxy {
  let parsed: URL;
  try {
    parsed = new URL(url, pageOrigin);
  } catch {
    parsed = new URL("about:blank");
  }
  const web = parsed.protocol === "https:" || parsed.protocol === "http:";
  if (!web || parsed.origin === pageOrigin || parsed.username || parsed.password) {
    throw new McpAppError(
      "sandbox_proxy_invalid",
      "its sandbox proxy must be an http or https address on another origin than this page.",
    );
  }
  parsed.hash = new URLSearchParams({ host: pageOrigin }).toString();
  return { src: parsed.href, origin: parsed.origin };
}

/** The transport to an app's frame, and what to undo once it is closed. */
export type FrameTransport = { transport: PostMessageTransport; release: () => void };

/**
 * The ext-apps transport to the frame's window. Through a proxy, it also posts to the proxy's
 * origin only (a frame navigated elsewhere gets nothing) and hears only messages from that
 * window on that origin: the transport itself checks the window, and a listener ahead of it
 * stops a message of the window from any other origin before the bridge sees it.
 */
export function frameTransport(target: Window, proxy: SandboxProxy | undefined): FrameTransport {
  if (!proxy) return { transport: new PostMessageTransport(target, target), release: () => {} };
  const toProxy = {
    postMessage: (message: unknown) => target.postMessage(message, proxy.origin),
  } as unknown as Window;
  const guard = (event: MessageEvent) => {
    if (event.source === target && event.origin !== proxy.origin) event.stopImmediatePropagation();
  };
  // In the capture phase: ahead of the transport's own listener on the window.
  window.addEventListener("message", guard, true);
  return {
    transport: new PostMessageTransport(toProxy, target),
    release: () => window.removeEventListener("message", guard, true),
  };
}
