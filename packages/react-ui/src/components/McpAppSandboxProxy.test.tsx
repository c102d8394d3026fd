import type { ToolCall, ToolMessage } from "@crayonai/stream";
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { McpAppsProvider, type McpAppTool, McpAppToolUI } from "./McpApps";
import { ToolCallView } from "./ToolCallView";

// MCP Apps shown through a sandbox proxy on another origin, in jsdom: the test plays the proxy
// (and the app behind it), posting from the frame's window with an origin of its choosing. That
// the proxy page itself relays and isolates the app is checked in Chromium
// (examples/e2e/src/chatMcpAppsProxy.e2e.test.ts).

const MIME = "text/html;profile=mcp-app";
const PROXY = "http://proxy.test";
const CLOCK: McpAppTool = {
  name: "get_time",
  server: "clock",
  tool: "get_time",
  title: "World clock",
  visibility: ["model", "app"],
  ui: { resourceUri: "ui://clock/app.html" },
};
const TIME = { content: [{ type: "text", text: "14:05" }], structuredContent: { time: "14:05" } };
const CSP = { connectDomains: ["https://api.example", "'unsafe-eval'"] };

function fakeRoutes() {
  return vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    if (String(url).endsWith("/tools")) return Response.json({ tools: [CLOCK] });
    const { uri } = JSON.parse(String(init?.body));
    const content = { uri, mimeType: MIME, text: "<p>clock</p>", _meta: { ui: { csp: CSP } } };
    return Response.json({ contents: [content] });
  });
}

const call: ToolCall = {
  id: "c1",
  type: "function",
  function: { name: "get_time", arguments: '{"timezone":"Europe/Paris"}' },
};
const result: ToolMessage = {
  id: "c1_result",
  role: "tool",
  toolCallId: "c1",
  content: JSON.stringify(TIME),
};

let endpoints = 0;
const withProxy = (children: React.ReactNode, sandboxProxyUrl?: string) => (
  <McpAppsProvider
    endpoint={`/api/mcp/proxy${++endpoints}`}
    threadId="t1"
    fetch={fakeRoutes()}
    sandboxProxyUrl={sandboxProxyUrl}
  >
    {children}
  </McpAppsProvider>
);

/** The proxy in the frame titled `title`: what the host posts it, and messages from it. */
async function proxyIn(title: string) {
  const frame = (await screen.findByTitle(title, undefined, {
    timeout: 10_000,
  })) as HTMLIFrameElement;
  await waitFor(() => expect(frame.dataset.src).toBeDefined());
  const target = frame.contentWindow!;
  const posted: { message: any; origin: unknown }[] = [];
  vi.spyOn(target, "postMessage").mockImplementation((message: unknown, origin?: unknown) => {
    posted.push({ message, origin });
  });
  let nextId = 1;
  const post = (message: object, origin = PROXY) =>
    act(() => {
      window.dispatchEvent(
        new MessageEvent("message", {
          data: { jsonrpc: "2.0", ...message },
          source: target,
          origin,
        }),
      );
    });
  const methods = () => posted.map(({ message }) => message.method ?? `answer ${message.id}`);
  return {
    frame,
    posted,
    methods,
    notify: (method: string, origin?: string) => post({ method, params: {} }, origin),
    request: (method: string, params: object, origin?: string) =>
      post({ id: nextId++, method, params }, origin),
  };
}

const INITIALIZE = {
  appInfo: { name: "clock", version: "1" },
  appCapabilities: {},
  protocolVersion: "2026-01-26",
};

beforeEach(() => {
  vi.spyOn(console, "debug").mockImplementation(() => {});
  // jsdom would load the frame's page into a new window object, where a browser keeps the
  // frame's window: the address is kept, not loaded.
  vi.spyOn(HTMLIFrameElement.prototype, "src", "set").mockImplementation(function (
    this: HTMLIFrameElement,
    src: string,
  ) {
    this.dataset.src = src;
  });
});
afterEach(() => vi.restoreAllMocks());

describe("MCP Apps through a sandbox proxy", () => {
  it("loads the proxy, sends the app only once the proxy on its origin is ready, and hears only that origin", async () => {
    render(withProxy(<ToolCallView toolCall={call} result={result} />, `${PROXY}/sandbox`));
    const proxy = await proxyIn("World clock");
    // The proxy's own origin in its frame (never the page's), told the page's origin.
    expect(proxy.frame.getAttribute("sandbox")).toBe("allow-scripts allow-same-origin allow-forms");
    expect(proxy.frame.dataset.src).toBe(
      `${PROXY}/sandbox#host=${encodeURIComponent(window.location.origin)}`,
    );
    expect(proxy.frame.hasAttribute("srcdoc")).toBe(false);

    // Ready from another origin (the frame navigated elsewhere): nothing is sent.
    await proxy.notify("ui/notifications/sandbox-proxy-ready", "http://evil.test");
    expect(proxy.posted).toEqual([]);

    await proxy.notify("ui/notifications/sandbox-proxy-ready");
    await waitFor(() => expect(proxy.posted).toHaveLength(1));
    const { message, origin } = proxy.posted[0]!;
    expect(origin).toBe(PROXY);
    expect(message.method).toBe("ui/notifications/sandbox-resource-ready");
    expect(message.params.sandbox).toBe("allow-scripts allow-forms");
    // The declared origins that are sources, and the HTML already under its policy.
    expect(message.params.csp).toEqual({
      connectDomains: ["https://api.example"],
      resourceDomains: [],
      frameDomains: [],
      baseUriDomains: [],
    });
    expect(message.params.html).toMatch(
      /^<meta http-equiv="Content-Security-Policy" content="default-src 'none'; .*connect-src https:\/\/api\.example; .*<p>clock<\/p>$/,
    );

    // The app, behind the proxy: a handshake from another origin gets no answer.
    await proxy.request("ui/initialize", INITIALIZE, "http://evil.test");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(proxy.posted).toHaveLength(1);
    await proxy.request("ui/initialize", INITIALIZE);
    await waitFor(() => expect(proxy.methods()).toContain("answer 2"));
    await proxy.notify("ui/notifications/initialized");
    await waitFor(() => expect(proxy.methods()).toContain("ui/notifications/tool-result"));
    expect(proxy.methods()).toEqual([
      "ui/notifications/sandbox-resource-ready",
      "answer 2",
      "ui/notifications/tool-input",
      "ui/notifications/tool-result",
    ]);
    expect(proxy.posted.every((post) => post.origin === PROXY)).toBe(true);
  });

  it("sends the app again when the proxy reloads and says it is ready again", async () => {
    render(withProxy(<ToolCallView toolCall={call} result={result} />, `${PROXY}/sandbox`));
    const proxy = await proxyIn("World clock");
    await proxy.notify("ui/notifications/sandbox-proxy-ready");
    await proxy.notify("ui/notifications/sandbox-proxy-ready");
    await waitFor(() =>
      expect(proxy.methods()).toEqual([
        "ui/notifications/sandbox-resource-ready",
        "ui/notifications/sandbox-resource-ready",
      ]),
    );
  });

  it("takes the part's own proxy over the provider's, and refuses one on the page's origin", async () => {
    const part = (id: string, proxyUrl: string) => (
      <McpAppToolUI
        key={id}
        toolName="get_time"
        toolCallId={id}
        args={{}}
        argsText="{}"
        status="complete"
        result={undefined}
        error={undefined}
        addResult={() => Promise.resolve()}
        addError={() => Promise.resolve()}
        approve={() => Promise.resolve()}
        reject={() => Promise.resolve()}
        toolCall={{ ...call, id }}
        resultMessage={undefined}
        sandboxProxyUrl={proxyUrl}
      />
    );
    render(withProxy([part("c1", "http://other-proxy.test/p")], `${PROXY}/sandbox`));
    const proxy = await proxyIn("World clock");
    expect(proxy.frame.dataset.src).toMatch(/^http:\/\/other-proxy\.test\/p#host=/);

    render(withProxy([part("c2", "/sandbox")]));
    const refused = await screen.findByRole("note");
    expect(refused.dataset.errorCode).toBe("sandbox_proxy_invalid");
    // The tool's plain card shows under the notice; no second frame.
    expect(screen.getAllByTitle("World clock")).toHaveLength(1);
    expect(screen.getByText("get_time")).toBeTruthy();
  });
});
