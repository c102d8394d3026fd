import type { CrayonStreamEvent, ToolCall, ToolMessage } from "@crayonai/stream";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CrayonChat } from "../CrayonChat";
import { createBackend, renderWithChat } from "../testing/chatHarness";
import { Composer } from "./Composer";
import { McpAppsProvider, type McpAppTool, McpAppToolUI, useMcpApps } from "./McpApps";
import { MessageList } from "./MessageList";
import { ToolCallView } from "./ToolCallView";
import { ToolUIsProvider } from "./ToolUIs";

// The host side of MCP Apps in jsdom: which calls get an app, what the host sends the app and
// when, and what it does with the app's requests. jsdom runs no app in the frame: the test plays
// the app, posting JSON-RPC messages from the frame's window. What the sandbox itself prevents is
// checked in Chromium (stories/scripts/mcpAppChecks.mjs).

const MIME = "text/html;profile=mcp-app";
const CLOCK: McpAppTool = {
  name: "get_time",
  server: "clock",
  tool: "get_time",
  title: "World clock",
  visibility: ["model", "app"],
  ui: { resourceUri: "ui://clock/app.html" },
};
const TOOLS: McpAppTool[] = [
  CLOCK,
  { name: "refresh_time", server: "clock", tool: "refresh_time", visibility: ["app"] },
  { name: "delete_all", server: "clock", tool: "delete_all", visibility: ["model"] },
  { name: "read_mail", server: "mail", tool: "read_mail", visibility: ["app"] },
  { name: "plain_tool", server: "clock", tool: "plain_tool", visibility: ["model"] },
];
const TIME = { content: [{ type: "text", text: "14:05" }], structuredContent: { time: "14:05" } };

/** The MCP App routes, faked: the tool list, the clock's interface, and app-visible calls. */
function fakeRoutes(resource: Record<string, unknown> = { mimeType: MIME, text: "<p>clock</p>" }) {
  return vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url).replace(/^\/api\/mcp\/\d+/, "");
    if (path === "/tools") return Response.json({ tools: TOOLS });
    if (!init?.body) throw new Error(`unexpected request ${url}`);
    const body = JSON.parse(String(init.body));
    if (path === "/resources/read") {
      return Response.json({ contents: [{ uri: body.uri, ...resource }] });
    }
    return Response.json(TIME);
  });
}

/** A reply's events: get_time called with `args`, answered with the time. */
const timeCalled = (id: string, args: string): CrayonStreamEvent[] => [
  { type: "tool-call-start", toolCallId: id, toolCallName: "get_time" },
  { type: "tool-call-args", toolCallId: id, delta: args },
  { type: "tool-call-end", toolCallId: id },
  { type: "tool-call-result", toolCallId: id, content: JSON.stringify(TIME) },
];

/** A UI the app registered for a tool by name. */
const MyCard = () => <p>my card</p>;

const call = (id: string, name: string, args = '{"timezone":"Europe/Paris"}'): ToolCall => ({
  id,
  type: "function",
  function: { name, arguments: args },
});
const answer = (id: string, content: unknown): ToolMessage => ({
  id: `${id}_result`,
  role: "tool",
  toolCallId: id,
  content: JSON.stringify(content),
});

/**
 * Plays the app in the frame titled `title`: records what the host posts to it, and posts
 * requests and notifications from it.
 */
async function appIn(title: string) {
  // The first app of the run loads the host code (the ext-apps bridge and zod): give it time.
  const frame = (await screen.findByTitle(title, undefined, {
    timeout: 10_000,
  })) as HTMLIFrameElement;
  // The app runs once its document is in the frame, which the host puts there once it listens.
  await waitFor(() => expect(frame.dataset.srcdoc).toBeDefined());
  const target = frame.contentWindow!;
  const posted: any[] = [];
  vi.spyOn(target, "postMessage").mockImplementation((message: unknown) => {
    posted.push(message);
  });
  let nextId = 1;
  const post = (message: object) =>
    act(() => {
      window.dispatchEvent(
        new MessageEvent("message", { data: { jsonrpc: "2.0", ...message }, source: target }),
      );
    });
  const notifications = () => posted.filter((m) => m.method && m.id === undefined);
  return {
    frame,
    posted,
    notifications,
    methods: () => notifications().map((m) => m.method as string),
    notify: (method: string, params: object = {}) => post({ method, params }),
    /** Sends a request; resolves with the host's answer (its `result`, or its `error`). */
    async request(method: string, params: object = {}) {
      const id = nextId++;
      await post({ id, method, params });
      let response: any;
      await waitFor(() => {
        response = posted.find((m) => m.id === id && !m.method);
        expect(response).toBeDefined();
      });
      return response as { result?: any; error?: { message: string } };
    },
    /** The handshake: `ui/initialize`, then `initialized`. */
    async initialize() {
      const { result } = await this.request("ui/initialize", {
        appInfo: { name: "clock", version: "1" },
        appCapabilities: { availableDisplayModes: ["inline", "fullscreen"] },
        protocolVersion: "2026-01-26",
      });
      await this.notify("ui/notifications/initialized");
      return result;
    },
  };
}

// Each test has routes of its own: the tool list and interfaces are kept per endpoint.
let routesMade = 0;
let endpoint = "";
const newEndpoint = () => {
  endpoint = `/api/mcp/${++routesMade}`;
  return endpoint;
};

const withApps = (
  fetch: typeof globalThis.fetch,
  children: ReactNode,
  threadId: string | null = "t1",
) => (
  <McpAppsProvider endpoint={endpoint} threadId={threadId} fetch={fetch}>
    {children}
  </McpAppsProvider>
);

beforeEach(() => {
  newEndpoint();
  // The ext-apps transport logs every message at debug level.
  vi.spyOn(console, "debug").mockImplementation(() => {});
  // jsdom loads a frame's srcdoc into a new window object, where a browser keeps the frame's
  // window: the host's transport, bound to the frame's window, would lose the test's app. The
  // document is kept, not loaded.
  vi.spyOn(HTMLIFrameElement.prototype, "srcdoc", "set").mockImplementation(function (
    this: HTMLIFrameElement,
    html: string,
  ) {
    this.dataset.srcdoc = html;
  });
});
afterEach(() => vi.restoreAllMocks());

describe("MCP Apps in the chat", () => {
  it("asks for nothing without mcpApps: a call of any tool shows its usual card", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    const backend = createBackend();
    backend.reply(...timeCalled("c1", "{}"));
    renderWithChat(backend, (chat) => <CrayonChat chat={chat} />);
    await userEvent.setup().type(screen.getByLabelText("Message"), "Time?{Enter}");
    expect(await screen.findByText("get_time")).toBeTruthy();
    expect(screen.queryByTitle("World clock")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    // The part alone, outside a provider, is the usual card too.
    render(<McpAppToolUI {...toolUIProps("c2")} />);
    expect(screen.getAllByText("get_time")).toHaveLength(2);
  });

  it("shows the app of a tool with an interface, in a sandbox without the page's origin", async () => {
    const fetch = fakeRoutes();
    render(
      withApps(
        fetch,
        <ToolUIsProvider toolUIs={{ registered: MyCard }}>
          <ToolCallView toolCall={call("c1", "get_time")} result={answer("c1", TIME)} />
          <ToolCallView toolCall={call("c2", "plain_tool")} result={answer("c2", "ok")} />
          <ToolCallView toolCall={call("c3", "registered")} />
        </ToolUIsProvider>,
      ),
    );
    const frame = await screen.findByTitle("World clock", undefined, { timeout: 10_000 });
    expect(frame.getAttribute("sandbox")).toBe("allow-scripts allow-forms");
    expect(screen.getByRole("region", { name: "World clock app" })).toBeTruthy();
    // A tool without an interface keeps the built-in card; one with a UI of the app's, that UI.
    expect(screen.getByText("plain_tool")).toBeTruthy();
    expect(screen.getByText("my card")).toBeTruthy();
    await waitFor(() => expect(frame.dataset.srcdoc).toContain("<p>clock</p>"));
    expect(frame.dataset.srcdoc).toMatch(
      /^<meta http-equiv="Content-Security-Policy" content="default-src 'none'; /,
    );
    const routes = fetch.mock.calls.map(([url, init]) => [url, init?.body]);
    expect(routes).toEqual([
      [`${endpoint}/tools`, undefined],
      [
        `${endpoint}/resources/read`,
        JSON.stringify({ threadId: "t1", server: "clock", uri: "ui://clock/app.html" }),
      ],
    ]);
  });

  it("holds the call until the app is initialized, then sends its input once and its result", async () => {
    render(
      withApps(
        fakeRoutes(),
        <ToolCallView toolCall={call("c1", "get_time")} result={answer("c1", TIME)} />,
      ),
    );
    const app = await appIn("World clock");
    const result = await app.initialize();
    expect(result.hostContext).toMatchObject({
      theme: "light",
      displayMode: "inline",
      availableDisplayModes: ["inline", "fullscreen"],
      containerDimensions: { maxHeight: 600 },
      platform: "web",
      toolInfo: { id: "c1", tool: { name: "get_time", title: "World clock" } },
    });
    expect(result.hostCapabilities).toMatchObject({ openLinks: {}, serverTools: {} });
    await waitFor(() =>
      expect(app.methods().filter((m) => m.includes("tool-"))).toEqual([
        "ui/notifications/tool-input",
        "ui/notifications/tool-result",
      ]),
    );
    const [input, output] = app.notifications().filter((m) => m.method.includes("tool-"));
    expect(input.params).toEqual({ arguments: { timezone: "Europe/Paris" } });
    expect(output.params).toEqual(TIME);
  });

  it("sends a view that initializes again (its document replaced) the input and the result again", async () => {
    render(
      withApps(
        fakeRoutes(),
        <ToolCallView toolCall={call("c1", "get_time")} result={answer("c1", TIME)} />,
      ),
    );
    const app = await appIn("World clock");
    const toolMessages = () => app.methods().filter((m) => m.includes("tool-"));
    await app.initialize();
    await waitFor(() => expect(toolMessages()).toHaveLength(2));
    // The frame's document is replaced (as when it loads again): its new app starts from
    // nothing, and is owed the call as it stands, not told it was sent already.
    await app.initialize();
    await waitFor(() =>
      expect(toolMessages()).toEqual([
        "ui/notifications/tool-input",
        "ui/notifications/tool-result",
        "ui/notifications/tool-input",
        "ui/notifications/tool-result",
      ]),
    );
  });

  it("brings a finished app back when its card comes near again before it was put to rest", async () => {
    // The list reports the card far, then near again, before React renders the rest.
    let report: (near: boolean) => void = () => {};
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(callback: IntersectionObserverCallback) {
          report = (near) => callback([{ isIntersecting: near } as never], this as never);
        }
        observe() {}
        disconnect() {}
      },
    );
    try {
      render(
        withApps(
          fakeRoutes(),
          <ToolCallView toolCall={call("c1", "get_time")} result={answer("c1", TIME)} />,
        ),
      );
      await appIn("World clock");
      await act(async () => {
        report(false);
        // Far and not initialized: put to rest at once (after the teardown it did not need).
        await Promise.resolve();
        await Promise.resolve();
        report(true);
      });
      // Near: a frame, not the resting placeholder.
      expect(screen.getByTitle("World clock").tagName).toBe("IFRAME");
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("sends the arguments as they stream, then the input; Stop cancels the call", async () => {
    const routes = fakeRoutes();
    const view = (args: string, replyStatus: "streaming" | "stopped") =>
      withApps(
        routes,
        <ToolCallView toolCall={call("c1", "get_time", args)} replyStatus={replyStatus} />,
      );
    const { rerender } = render(view('{"timezone":"Eu', "streaming"));
    const app = await appIn("World clock");
    await app.initialize();
    rerender(view('{"timezone":"Europe/Pa', "streaming"));
    rerender(view('{"timezone":"Europe/Paris"', "streaming"));
    rerender(view('{"timezone":"Europe/Paris","format":"24h"}', "streaming"));
    rerender(view('{"timezone":"Europe/Paris","format":"24h"}', "stopped"));
    await waitFor(() =>
      expect(app.methods().filter((m) => m.includes("tool-"))).toEqual([
        "ui/notifications/tool-input-partial",
        "ui/notifications/tool-input-partial",
        "ui/notifications/tool-input-partial",
        "ui/notifications/tool-input",
        "ui/notifications/tool-cancelled",
      ]),
    );
    const partials = app
      .notifications()
      .filter((m) => m.method.endsWith("partial"))
      .map((m) => m.params.arguments.timezone);
    expect(partials).toEqual(["Eu", "Europe/Pa", "Europe/Paris"]);
    expect(app.notifications().at(-1).params.reason).toMatch(/stopped/);
  });

  it("calls app-visible tools of its own server through the routes, and no other", async () => {
    const fetch = fakeRoutes();
    render(
      withApps(
        fetch,
        <ToolCallView toolCall={call("c1", "get_time")} result={answer("c1", TIME)} />,
      ),
    );
    const app = await appIn("World clock");
    await app.initialize();
    const called = await app.request("tools/call", { name: "refresh_time", arguments: { a: 1 } });
    expect(called.result).toMatchObject(TIME);
    for (const name of ["delete_all", "read_mail", "nobody_listed_this"]) {
      const refused = await app.request("tools/call", { name, arguments: {} });
      expect(refused.error?.message).toContain(`may not call the tool "${name}"`);
    }
    const calls = fetch.mock.calls.filter(([url]) => String(url).endsWith("/tools/call"));
    expect(calls.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { threadId: "t1", server: "clock", name: "refresh_time", arguments: { a: 1 } },
    ]);
    const read = await app.request("resources/read", { uri: "ui://clock/other.html" });
    expect(read.result.contents[0].uri).toBe("ui://clock/other.html");
  });

  it("caps the frame's height, and opens a link only when the user says so, without an opener", async () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    render(
      withApps(
        fakeRoutes(),
        <ToolCallView toolCall={call("c1", "get_time")} result={answer("c1", TIME)} />,
      ),
    );
    const app = await appIn("World clock");
    await app.initialize();
    await app.notify("ui/notifications/size-changed", { height: 240 });
    expect(app.frame.style.height).toBe("240px");
    await app.notify("ui/notifications/size-changed", { height: 1e9 });
    expect(app.frame.style.height).toBe("600px");

    const refused = await app.request("ui/open-link", { url: "javascript:alert(1)" });
    expect(refused.error).toBeDefined();
    const declined = app.request("ui/open-link", { url: "https://example.com/a" });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Cancel" }));
    expect((await declined).result).toEqual({ isError: true });
    expect(open).not.toHaveBeenCalled();

    const accepted = app.request("ui/open-link", { url: "https://example.com/b" });
    expect(await screen.findByRole("group", { name: /World clock wants to open/ })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole("button", { name: "Open link" }));
    expect((await accepted).result).toEqual({});
    expect(open).toHaveBeenCalledWith("https://example.com/b", "_blank", "noopener,noreferrer");
  });

  it("asks the app to tear down before its frame goes", async () => {
    const { unmount } = render(
      withApps(
        fakeRoutes(),
        <ToolCallView toolCall={call("c1", "get_time")} result={answer("c1", TIME)} />,
      ),
    );
    const app = await appIn("World clock");
    await app.initialize();
    unmount();
    expect(app.posted.at(-1)).toMatchObject({ method: "ui/resource-teardown", params: {} });
  });

  it("turns the app's messages into the user's, from the app, with the context it gave the model, within a limit", async () => {
    const backend = createBackend();
    backend.reply(...timeCalled("m1", '{"timezone":"UTC"}'));
    backend.reply({ type: "text-delta", text: "Noted." });
    backend.reply({ type: "text-delta", text: "Sure." });
    renderWithChat(backend, (chat) => (
      <CrayonChat
        chat={chat}
        mcpApps={{
          endpoint,
          fetch: fakeRoutes(),
          messageLimit: { count: 1, perMs: 60_000 },
        }}
      />
    ));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Message"), "Time?{Enter}");
    const app = await appIn("World clock");
    await app.initialize();
    const context = await app.request("ui/update-model-context", {
      structuredContent: { shown: "14:05" },
    });
    expect(context.result).toEqual({});
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "Stop generating" })).toBeNull(),
    );

    expect(
      (await app.request("ui/message", { role: "user", content: [{ type: "text", text: "More" }] }))
        .result,
    ).toEqual({});
    expect(await screen.findByText("Sent from the World clock app")).toBeTruthy();
    await waitFor(() => expect(backend.requests).toHaveLength(2));
    expect(backend.requests[1]!.messages.at(-1)).toMatchObject({
      role: "user",
      content: "More",
      metadata: {
        mcpApp: { server: "clock", tool: "get_time", title: "World clock", toolCallId: "m1" },
      },
      context: [
        { type: "mcp_app_context", app: "World clock", structuredContent: { shown: "14:05" } },
      ],
    });
    // Over the limit: refused, and the card says so.
    const second = await app.request("ui/message", {
      role: "user",
      content: [{ type: "text", text: "Again" }],
    });
    expect(second.result).toEqual({ isError: true });
    expect(screen.getByText(/World clock sent messages too fast: 1 was not sent/)).toBeTruthy();
    // The context went with the message that took it; the next one the user sends has none.
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "Stop generating" })).toBeNull(),
    );
    await user.type(screen.getByLabelText("Message"), "Thanks{Enter}");
    await waitFor(() => expect(backend.requests).toHaveLength(3));
    expect(backend.requests[2]!.messages.at(-1)).toEqual(
      expect.not.objectContaining({ context: expect.anything() }),
    );
  });

  it("shows why an interface cannot load, over the tool's plain result", async () => {
    render(
      withApps(
        fakeRoutes({ mimeType: "text/html", text: "<p>page</p>" }),
        <ToolCallView toolCall={call("c1", "get_time")} result={answer("c1", TIME)} />,
      ),
    );
    const note = await screen.findByRole("note");
    expect(note.getAttribute("data-error-code")).toBe("resource_not_app");
    expect(note.textContent).toBe(
      "World clock could not be shown: its interface is text/html, not text/html;profile=mcp-app.",
    );
    const card = note.nextElementSibling as HTMLElement;
    expect(within(card).getByText("get_time")).toBeTruthy();
    expect(within(card).getByText(/14:05/)).toBeTruthy();
    expect(screen.queryByTitle("World clock")).toBeNull();
  });

  it("sends what apps gave the model with the next message the user sends", async () => {
    const backend = createBackend();
    backend.reply({ type: "text-delta", text: "ok" });
    let provided: { modelContext?: Map<string, unknown> } = {};
    renderWithChat(backend, (chat) =>
      withApps(
        fakeRoutes(),
        <>
          <ContextSpy onConfig={(config) => (provided = config)} />
          <MessageList chat={chat} />
          <Composer chat={chat} />
        </>,
        chat.threadManager.threadId,
      ),
    );
    provided.modelContext?.set("c9", { type: "mcp_app_context", app: "Map" });
    await userEvent.setup().type(screen.getByLabelText("Message"), "Where?{Enter}");
    await waitFor(() => expect(backend.requests).toHaveLength(1));
    expect(backend.requests[0]!.messages.at(-1)).toMatchObject({
      content: "Where?",
      context: [{ type: "mcp_app_context", app: "Map" }],
    });
  });
});

/** A tool UI's props for a finished call of get_time. */
function toolUIProps(id: string) {
  const noAnswer = () => Promise.resolve();
  return {
    toolName: "get_time",
    toolCallId: id,
    args: {},
    argsText: "{}",
    status: "complete" as const,
    result: undefined,
    error: undefined,
    addResult: noAnswer,
    addError: noAnswer,
    approve: noAnswer,
    reject: noAnswer,
    toolCall: call(id, "get_time", "{}"),
    resultMessage: undefined,
  };
}

function ContextSpy({ onConfig }: { onConfig: (config: any) => void }) {
  const config = useMcpApps();
  if (config) onConfig(config);
  return null;
}
