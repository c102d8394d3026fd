import type { Message, ToolMessage } from "@crayonai/stream";
import type { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import type { DemoProtocol } from "../../protocols/demoProtocols";
import { postChat, userMessage } from "../../testSupport/clientRequests";
import { converse } from "../../testSupport/conversation";
import { assistants, assistantText, replyOf } from "../../testSupport/decodedReply";
import { testApp } from "../../testSupport/testApps";

// /mcp against the published MCP App example servers, run over stdio from their installed
// packages, on every protocol that carries tool calls.

let app: Hono;
// One app for the file. The servers start on its first use, and the thread database on its first
// request: once, before any test is timed.
beforeAll(async () => {
  app = await testApp();
  await Promise.all([app.request("/api/mcp/tools"), app.request("/api/threads")]);
}, 60_000);

async function reply(command: string, protocol: DemoProtocol, threadId?: string) {
  const history = [userMessage(command)];
  const decoded = await converse(app, history, protocol, threadId);
  return replyOf(decoded, history);
}

/** The MCP `CallToolResult` a tool message carries, read as the UI reads it. */
function callToolResult(tool: ToolMessage) {
  const content = JSON.parse(tool.content as string);
  // An Open Responses `mcp_call` item: its output is the result.
  return content.type === "mcp_call" ? JSON.parse(content.output) : content;
}

describe.each(["crayon", "ag-ui", "vercel", "openai"] as const)("/mcp over %s", (protocol) => {
  it("calls get-time of the React example under its model name, then answers", async () => {
    const messages = await reply("/mcp", protocol);
    expect(messages.map((m) => m.role)).toEqual(["assistant", "tool", "assistant"]);
    const [call] = assistants(messages)[0]!.toolCalls ?? [];
    expect(call?.function).toEqual({ name: "basic-react__get-time", arguments: "{}" });
    const result = callToolResult(messages[1] as ToolMessage);
    const time = result.content[0].text as string;
    expect(Number.isNaN(Date.parse(time))).toBe(false);
    expect(assistants(messages)[1]?.content).toContain(time);
  });
});

describe("/mcp over open-responses", () => {
  it("is an mcp_call item of the server, named by the MCP tool, with the result as its output", async () => {
    const messages = await reply("/mcp vanilla", "open-responses");
    const [call] = assistants(messages)[0]!.toolCalls ?? [];
    expect(call?.function).toEqual({ name: "get-time", arguments: "{}" });
    const item = JSON.parse((messages[1] as ToolMessage).content as string);
    expect(item).toMatchObject({
      type: "mcp_call",
      server_label: "basic-vanillajs",
      name: "get-time",
      status: "completed",
      error: null,
    });
    expect(JSON.parse(item.output).structuredContent.time).toEqual(expect.any(String));
  });

  it("streams the arguments as mcp_call_arguments deltas", async () => {
    const response = await app.request("/api/openai/responses", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "demo", stream: true, input: "/mcp" }),
    });
    const types = [...(await response.text()).matchAll(/^event: (.+)$/gm)].map((m) => m[1]);
    expect(types).toEqual(
      expect.arrayContaining([
        "response.mcp_call.in_progress",
        "response.mcp_call_arguments.delta",
        "response.mcp_call_arguments.done",
        "response.mcp_call.completed",
      ]),
    );
  });
});

describe("/mcp's apps", () => {
  it("`/mcp monitor` shows the system monitor, whose poll tool is for apps only", async () => {
    const messages = await reply("/mcp monitor", "crayon");
    const [call] = assistants(messages)[0]!.toolCalls ?? [];
    expect(call?.function.name).toBe("system-monitor__get-system-info");
    expect(assistantText(messages)).toMatch(/CPUs/);
    const { tools } = await (await app.request("/api/mcp/tools")).json();
    expect(tools).toContainEqual(
      expect.objectContaining({ name: "system-monitor__poll-system-stats", visibility: ["app"] }),
    );
  });

  it("names the apps it knows when asked for another", async () => {
    expect(assistantText(await reply("/mcp nope", "crayon"))).toMatch(/react.*vanilla.*monitor/);
  });
});

describe("the MCP routes of the demo agent", () => {
  const read = (threadId: string) =>
    app.request("/api/mcp/resources/read", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ threadId, server: "basic-react", uri: "ui://get-time/mcp-app.html" }),
    });

  it("serves an app's HTML in a thread of the user", async () => {
    await postChat(app, { threadId: "mcp-thread", messages: [userMessage("/help")] }).then((r) =>
      r.text(),
    );
    const response = await read("mcp-thread");
    expect(response.status).toBe(200);
    expect((await response.json()).contents[0].mimeType).toBe("text/html;profile=mcp-app");
  });

  it("refuses a thread the user does not have", async () => {
    const response = await read("someone-elses");
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe("forbidden");
  });
});

describe("/mcp without its servers", () => {
  it("says when none is configured", async () => {
    const bare = await testApp({ mcpServers: null });
    const history: Message[] = [userMessage("/mcp")];
    const decoded = await converse(bare, history, "crayon");
    expect(assistantText(replyOf(decoded, history))).toMatch(/No MCP servers/);
    expect((await bare.request("/api/mcp/tools")).status).toBe(404);
  });

  it("says why a server is not available", async () => {
    const broken = await testApp({
      mcpServers: { "basic-react": { command: process.execPath, args: ["-e", "process.exit(2)"] } },
    });
    const history: Message[] = [userMessage("/mcp")];
    const decoded = await converse(broken, history, "crayon");
    expect(assistantText(replyOf(decoded, history))).toMatch(
      /React example MCP server is not available: .*could not be started/,
    );
  });
});
