import { afterAll, describe, expect, it } from "vitest";
import { createMcpApps, type McpAuthorize } from ".";
import { fixtureServer } from "./fixtures/fixtureServer";

/** Who asked what: every `authorize` call of the routes. */
const asked: (string | undefined)[] = [];
let verdict: boolean | Response = true;
const authorize: McpAuthorize = (_request, threadId) => {
  asked.push(threadId);
  return verdict;
};

const mcp = createMcpApps({
  servers: {
    fixture: fixtureServer(),
    dead: fixtureServer("--exit-at-start"),
    malformed: fixtureServer("--malformed-tools"),
  },
  authorize,
  maxResourceBytes: 1000,
  maxBodyBytes: 2000,
  log: () => {},
});
afterAll(() => mcp.close());

const url = (path: string) => `http://app.test/api/mcp/${path}`;
const post = (path: string, body: unknown, init?: RequestInit) =>
  mcp.handle(
    new Request(url(path), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
      ...init,
    }),
  );

async function failure(response: Response) {
  return { status: response.status, ...(await response.json()).error };
}

const read = (uri: string) => post("resources/read", { threadId: "t1", server: "fixture", uri });
const callApp = (name: string, extra: object = {}) =>
  post("tools/call", { threadId: "t1", server: "fixture", name, ...extra });

async function listed() {
  return (await (await mcp.handle(new Request(url("tools")))).json()) as {
    tools: {
      name: string;
      tool: string;
      visibility: string[];
      ui?: object;
      description?: string;
    }[];
    errors: { server: string; code: string }[];
  };
}

describe("servers that fail", () => {
  it("fails a call whose server exits in the middle of it, and restarts the server next time", async () => {
    await expect(mcp.callTool("fixture__crash")).rejects.toMatchObject({
      name: "McpAppsError",
      code: "server_disconnected",
    });
    const again = await mcp.callTool("fixture__show-card", { title: "back" });
    expect(again.content).toEqual([{ type: "text", text: "card back" }]);
  });

  it("answers 502 server_disconnected to the app whose call lost its server", async () => {
    expect(await failure(await callApp("crash"))).toMatchObject({
      status: 502,
      code: "server_disconnected",
    });
  });

  it("lists the servers that work and reports the ones that do not", async () => {
    const { tools, errors } = await listed();
    expect(tools.some((tool) => tool.name === "fixture__show-card")).toBe(true);
    expect(errors).toEqual([
      expect.objectContaining({ server: "dead", code: "server_unavailable" }),
      expect.objectContaining({ server: "malformed", code: "server_error" }),
    ]);
    expect(await mcp.modelTools()).not.toContainEqual(expect.objectContaining({ server: "dead" }));
  });

  it("fails a call to a server that cannot start with server_unavailable", async () => {
    expect(
      await failure(await post("tools/call", { threadId: "t1", server: "dead", name: "wait" })),
    ).toMatchObject({ status: 502, code: "server_unavailable" });
  });

  it("cancels a call when its signal aborts, and tells the server", async () => {
    const controller = new AbortController();
    const waiting = mcp.callTool("fixture__wait", {}, { signal: controller.signal });
    // Aborted once the server has the call (it counts what was cancelled so far).
    await mcp.callTool("fixture__cancelled-calls");
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: "cancelled" });
    const { structuredContent } = await mcp.callTool("fixture__cancelled-calls");
    expect((structuredContent as { cancelled: unknown[] }).cancelled.length).toBeGreaterThan(0);
  });

  it("gives up on a server that does not answer in time", async () => {
    // The limit applies to starting the server and listing its tools too: 300 ms, once, was not
    // enough to start a Node process on a loaded machine (the call then found no tool).
    const slow = createMcpApps({ servers: { fixture: fixtureServer() }, timeoutMs: 2_000 });
    try {
      await expect(slow.callTool("fixture__wait")).rejects.toMatchObject({ code: "timeout" });
    } finally {
      await slow.close();
    }
  });

  it("refuses calls once closed", async () => {
    const closing = createMcpApps({ servers: { fixture: fixtureServer() } });
    await closing.callTool("fixture__show-card");
    await closing.close();
    await expect(closing.callTool("fixture__show-card")).rejects.toMatchObject({
      code: "server_unavailable",
    });
  });
});

describe("hostile metadata", () => {
  it("keeps only a ui:// resource, known visibilities and valid names", async () => {
    const { tools } = await listed();
    const tool = (name: string) => tools.find((entry) => entry.tool === name);
    expect(tool("web-uri")).toBeDefined();
    expect(tool("web-uri")?.ui).toBeUndefined();
    expect(tool("string-visibility")?.visibility).toEqual(["model", "app"]);
    expect(tool("unknown-visibility")?.visibility).toEqual([]);
    expect(tool("hostile-ui")?.visibility).toEqual(["model", "app"]);
    expect(tool("has space")).toBeUndefined();
    expect(tool("long-description")?.description).toHaveLength(8000);
    expect(tool("legacy-key")?.ui).toMatchObject({ resourceUri: "ui://fixture/card.html" });
  });

  it("keeps well-formed CSP origins and known permissions only, and ignores a tool's own CSP", async () => {
    const { tools } = await listed();
    expect(tools.find((entry) => entry.tool === "hostile-ui")?.ui).toEqual({
      resourceUri: "ui://fixture/hostile.html",
      csp: { connectDomains: ["https://api.example.com", "https://*.cdn.example:8443/path"] },
      permissions: { camera: {} },
    });
    expect(tools.find((entry) => entry.tool === "show-card")?.ui).toEqual({
      resourceUri: "ui://fixture/card.html",
      prefersBorder: false,
      domain: "card.example",
    });
  });

  it("sanitises a read resource's metadata the same way", async () => {
    const response = await read("ui://fixture/hostile.html");
    expect(response.status).toBe(200);
    const [content] = (await response.json()).contents;
    expect(content).toEqual({
      uri: "ui://fixture/hostile.html",
      mimeType: "text/html;profile=mcp-app",
      text: "<p>hostile</p>",
      _meta: {
        ui: {
          csp: { connectDomains: ["https://api.example.com", "https://*.cdn.example:8443/path"] },
          permissions: { camera: {} },
        },
      },
    });
  });
});

describe("resources", () => {
  it("serves the app's HTML with its metadata", async () => {
    const [content] = (await (await read("ui://fixture/card.html")).json()).contents;
    expect(content._meta).toEqual({
      ui: { csp: { connectDomains: ["https://api.example.com"] }, prefersBorder: true },
    });
  });

  it("refuses a resource over the size limit", async () => {
    expect(await failure(await read("ui://fixture/big.html"))).toMatchObject({
      status: 502,
      code: "resource_too_large",
    });
  });

  it("refuses a resource that is not an MCP App", async () => {
    expect(await failure(await read("ui://fixture/plain.html"))).toMatchObject({
      status: 502,
      code: "resource_wrong_type",
    });
  });

  it("serves only resources a configured tool shows", async () => {
    expect(await failure(await read("ui://fixture/other.html"))).toMatchObject({
      status: 403,
      code: "resource_not_allowed",
    });
    expect(await failure(await read("https://evil.example/app.html"))).toMatchObject({
      status: 400,
      code: "bad_request",
    });
  });
});

describe("tool calls from apps", () => {
  it("calls an app-only tool", async () => {
    const response = await callApp("app-refresh", { arguments: {} });
    expect(await response.json()).toEqual({ content: [{ type: "text", text: "refreshed" }] });
  });

  it("refuses a model-only tool, a tool nobody may call, and unknown ones", async () => {
    expect(await failure(await callApp("model-only"))).toMatchObject({
      status: 403,
      code: "tool_not_allowed",
    });
    expect(await failure(await callApp("unknown-visibility"))).toMatchObject({
      status: 403,
      code: "tool_not_allowed",
    });
    expect(await failure(await callApp("nope"))).toMatchObject({
      status: 404,
      code: "unknown_tool",
    });
    expect(
      await failure(await post("tools/call", { threadId: "t1", server: "elsewhere", name: "x" })),
    ).toMatchObject({ status: 404, code: "unknown_server" });
  });
});

describe("requests", () => {
  it("asks authorize, with the body's thread, before acting", async () => {
    asked.length = 0;
    await callApp("app-refresh");
    await mcp.handle(new Request(url("tools")));
    expect(asked).toEqual(["t1", undefined]);
  });

  it("answers 403 when authorize refuses, and authorize's own response as it is", async () => {
    verdict = false;
    try {
      expect(await failure(await callApp("app-refresh"))).toMatchObject({
        status: 403,
        code: "forbidden",
      });
      verdict = new Response("sign in", { status: 401 });
      const response = await read("ui://fixture/card.html");
      expect(response.status).toBe(401);
      expect(await response.text()).toBe("sign in");
    } finally {
      verdict = true;
    }
  });

  it("validates bodies before asking anyone", async () => {
    asked.length = 0;
    const cases: [unknown, RegExp][] = [
      ["{not json", /JSON/],
      [[1, 2], /object/],
      [{ server: "fixture", name: "app-refresh" }, /threadId/],
      [{ threadId: "", server: "fixture", name: "app-refresh" }, /threadId/],
      [{ threadId: "x".repeat(201), server: "fixture", name: "app-refresh" }, /threadId/],
      [{ threadId: "t1", server: "fixture", name: 5 }, /name/],
      [{ threadId: "t1", server: "fixture", name: "app-refresh", arguments: [1] }, /arguments/],
    ];
    for (const [body, message] of cases) {
      expect(await failure(await post("tools/call", body))).toMatchObject({
        status: 400,
        code: "bad_request",
        message: expect.stringMatching(message),
      });
    }
    expect(asked).toEqual([]);
  });

  it("refuses a body over the limit, declared or not", async () => {
    const big = {
      threadId: "t1",
      server: "fixture",
      name: "x",
      arguments: { a: "x".repeat(3000) },
    };
    expect(await failure(await post("tools/call", big))).toMatchObject({
      status: 413,
      code: "payload_too_large",
    });
    const declared = await post("tools/call", "{}", { headers: { "content-length": "999999" } });
    expect(declared.status).toBe(413);
  });

  it("answers unknown routes 404 and wrong methods 405 with Allow", async () => {
    expect((await mcp.handle(new Request(url("prompts")))).status).toBe(404);
    expect((await mcp.handle(new Request("http://app.test/api/mcptools"))).status).toBe(404);
    const wrong = await mcp.handle(new Request(url("tools/call")));
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST");
    expect((await wrong.json()).error.code).toBe("method_not_allowed");
  });

  it("refuses server names that could not be told apart in a model's tool name", () => {
    expect(() => createMcpApps({ servers: { "my server": fixtureServer() } })).toThrow(TypeError);
  });
});
