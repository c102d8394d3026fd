import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpApps, MCP_APP_MIME_TYPE, MCP_APPS_EXTENSION, type McpStdioServer } from ".";
import { fixtureServer } from "./fixtures/fixtureServer";

const require = createRequire(import.meta.url);

/** A published MCP App example server, run over stdio as its `--stdio` flag offers. */
function exampleServer(name: string): McpStdioServer {
  // The packages export only their server module; the CLI sits beside it.
  const cli = join(dirname(require.resolve(`@modelcontextprotocol/${name}`)), "index.js");
  return { command: process.execPath, args: [cli, "--stdio"] };
}

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const mcp = createMcpApps({
  servers: {
    "basic-react": exampleServer("server-basic-react"),
    "basic-vanillajs": exampleServer("server-basic-vanillajs"),
    "system-monitor": exampleServer("server-system-monitor"),
    fixture: fixtureServer(),
  },
});
afterAll(() => mcp.close());
// The four servers start on first use: once, before any test is timed.
beforeAll(() => mcp.tools(), 60_000);

const post = (path: string, body: unknown) =>
  mcp.handle(
    new Request(`http://app.test/api/mcp/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );

describe("createMcpApps with the published MCP App example servers (stdio)", () => {
  it("lists each server's tools with their interface and who may call them", async () => {
    const response = await mcp.handle(new Request("http://app.test/api/mcp/tools"));
    expect(response.status).toBe(200);
    const { tools, errors } = await response.json();
    expect(errors).toEqual([]);
    expect(tools).toContainEqual({
      name: "basic-react__get-time",
      server: "basic-react",
      tool: "get-time",
      title: "Get Time",
      description: "Returns the current server time as an ISO 8601 string.",
      visibility: ["model", "app"],
      ui: { resourceUri: "ui://get-time/mcp-app.html" },
    });
    expect(tools).toContainEqual(
      expect.objectContaining({ name: "basic-vanillajs__get-time", tool: "get-time" }),
    );
    expect(tools).toContainEqual(
      expect.objectContaining({
        name: "system-monitor__poll-system-stats",
        visibility: ["app"],
      }),
    );
  });

  it("gives the model only the tools it may call, with their schemas", async () => {
    const tools = await mcp.modelTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toContain("system-monitor__get-system-info");
    expect(names).not.toContain("system-monitor__poll-system-stats");
    expect(tools.find((tool) => tool.name === "basic-react__get-time")).toMatchObject({
      server: "basic-react",
      tool: "get-time",
      hasApp: true,
      inputSchema: { type: "object" },
    });
  });

  it("advertises the MCP Apps extension to the servers", async () => {
    const result = await mcp.callTool("fixture__client-capabilities");
    expect(result.structuredContent).toMatchObject({
      clientCapabilities: {
        extensions: { [MCP_APPS_EXTENSION]: { mimeTypes: [MCP_APP_MIME_TYPE] } },
      },
    });
  });

  it("calls a tool for the agent and returns its CallToolResult", async () => {
    const result = await mcp.callTool("basic-vanillajs__get-time", {});
    const time = (result.structuredContent as { time: string }).time;
    expect(Number.isNaN(Date.parse(time))).toBe(false);
    expect(result.content).toEqual([{ type: "text", text: time }]);
  });

  it("refuses the agent an app-only tool", async () => {
    await expect(mcp.callTool("system-monitor__poll-system-stats")).rejects.toMatchObject({
      name: "McpAppsError",
      code: "tool_not_allowed",
    });
  });

  it("serves an app's HTML to the UI, checked as an MCP App", async () => {
    const response = await post("resources/read", {
      threadId: "t1",
      server: "basic-react",
      uri: "ui://get-time/mcp-app.html",
    });
    expect(response.status).toBe(200);
    const { contents } = await response.json();
    expect(contents).toHaveLength(1);
    expect(contents[0]).toMatchObject({
      uri: "ui://get-time/mcp-app.html",
      mimeType: MCP_APP_MIME_TYPE,
    });
    expect(contents[0].text).toMatch(/^<!doctype html>/i);
  });

  it("calls an app-only tool for the app, through the route", async () => {
    const response = await post("tools/call", {
      threadId: "t1",
      server: "system-monitor",
      name: "poll-system-stats",
      arguments: {},
    });
    expect(response.status).toBe(200);
    const result = await response.json();
    expect(result.structuredContent.memory.usedPercent).toBeGreaterThanOrEqual(0);
  });

  it("lets the app call a tool visible to both", async () => {
    const response = await post("tools/call", {
      threadId: "t1",
      server: "basic-react",
      name: "get-time",
    });
    expect(response.status).toBe(200);
    expect((await response.json()).content[0].type).toBe("text");
  });
});

describe("createMcpApps over Streamable HTTP", () => {
  it("lists and calls the tools of a server reached by URL", async () => {
    const port = await freePort();
    const { command, args } = exampleServer("server-basic-vanillajs");
    // Without --stdio the example serves Streamable HTTP on PORT, at /mcp.
    const child = spawn(command, [args![0]!], {
      env: { ...process.env, PORT: String(port) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const http = createMcpApps({ servers: { clock: { url: `http://127.0.0.1:${port}/mcp` } } });
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on("data", (chunk) => String(chunk).includes("listening") && resolve());
        child.once("exit", (code) => reject(new Error(`The server exited (${code}).`)));
      });
      const { tools, errors } = await http.tools();
      expect(errors).toEqual([]);
      expect(tools).toContainEqual(
        expect.objectContaining({
          name: "clock__get-time",
          ui: { resourceUri: "ui://get-time/mcp-app.html" },
        }),
      );
      const result = await http.callTool("clock__get-time");
      expect((result.structuredContent as { time: string }).time).toEqual(expect.any(String));
    } finally {
      await http.close();
      child.kill();
    }
  });
});
