import { describe, expect, it } from "vitest";
import { markdownText } from "./agent/scripts/markdown";
import {
  demoAgentChatParams,
  demoProtocols,
  fetchDemoScripts,
  isDemoProtocol,
  weatherClientTool,
} from "./client";
import { chatRequest, fetchFrom, userMessage } from "./testSupport/clientRequests";
import { decodeReply } from "./testSupport/decodedReply";
import { testApp } from "./testSupport/testApps";

describe("demoAgentChatParams", () => {
  it.each(demoProtocols)("runs a whole conversation over %s", async (protocol) => {
    const app = await testApp();
    const params = demoAgentChatParams({ protocol, fetch: fetchFrom(app) });
    const first = userMessage("/markdown");

    const thread = await params.createThread!(first);
    expect(thread.title).toBe("/markdown");

    const response = await params.processMessage(chatRequest(params, thread.threadId, [first]));
    expect(response.status).toBe(200);
    const { messages } = await decodeReply(protocol, response, [first]);
    expect(messages[1]).toMatchObject({ role: "assistant", content: markdownText });

    // The stored thread is Crayon's own, so it is loaded as it is.
    const tree = await params.loadThread!(thread.threadId);
    expect(Array.isArray(tree)).toBe(false);
    const { messages: rows, activeLeafId } = tree as { messages: unknown[]; activeLeafId: string };
    const loaded = params.messageConverter!.fromExternal(rows);
    expect(activeLeafId).toBe(loaded[1]!.id);
    expect(loaded[1]!.parentId).toBe(loaded[0]!.id);
    expect(loaded.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(loaded[1]).toMatchObject({ content: markdownText, status: "complete" });

    const renamed = await params.updateThread!({ ...thread, title: "Markdown tour" });
    expect(renamed.title).toBe("Markdown tour");
    expect(await params.fetchThreadList!()).toEqual({ threads: [renamed] });

    await params.deleteThread!(thread.threadId);
    expect(await params.fetchThreadList!()).toEqual({ threads: [] });
  });

  it("sends each protocol its own request format", async () => {
    const app = await testApp();
    const sent: Record<string, { url: string; body: any }> = {};
    for (const protocol of demoProtocols) {
      const params = demoAgentChatParams({
        protocol,
        fetch: async (input, init) => {
          sent[protocol] = { url: String(input), body: JSON.parse(String(init?.body)) };
          return fetchFrom(app)(input, init);
        },
      });
      const response = await params.processMessage(
        chatRequest(params, `thread-${protocol}`, [userMessage("hi")]),
      );
      expect(response.status, protocol).toBe(200);
      await response.body?.cancel();
    }

    expect(sent["ag-ui"]).toMatchObject({
      url: "/api/chat?protocol=ag-ui",
      body: {
        threadId: "thread-ag-ui",
        runId: "run-thread-ag-ui",
        messages: [{ role: "user", content: "hi" }],
        tools: [],
        context: [],
      },
    });
    expect(sent.vercel).toMatchObject({
      url: "/api/chat?protocol=vercel",
      body: {
        id: "thread-vercel",
        trigger: "submit-message",
        messages: [{ role: "user", parts: [{ type: "text", text: "hi" }] }],
      },
    });
    expect(sent.openai).toMatchObject({
      url: "/api/openai/chat/completions",
      body: {
        model: "demo",
        stream: true,
        metadata: { thread_id: "thread-openai" },
        messages: [{ role: "user", content: "hi" }],
        tools: [
          { type: "function", function: { name: weatherClientTool.name } },
          { type: "function", function: { name: "basic-react__get-time" } },
          { type: "function", function: { name: "basic-vanillajs__get-time" } },
          { type: "function", function: { name: "system-monitor__get-system-info" } },
        ],
      },
    });
    expect(sent["open-responses"]).toMatchObject({
      url: "/api/openai/responses",
      body: {
        model: "demo",
        stream: true,
        metadata: { thread_id: "thread-open-responses" },
        input: [{ role: "user", content: "hi" }],
        tools: [{ type: "function", name: weatherClientTool.name }],
      },
    });
    for (const protocol of ["crayon", "plain-text", "text"]) {
      expect(sent[protocol]).toMatchObject({
        url: `/api/chat?protocol=${protocol}`,
        body: { threadId: `thread-${protocol}`, messages: [{ role: "user", content: "hi" }] },
      });
    }
  });

  it("declares the weather tool over OpenAI's protocols only, and runs it in the browser", async () => {
    for (const protocol of demoProtocols) {
      const { tools } = demoAgentChatParams({ protocol });
      const openAI = protocol === "openai" || protocol === "open-responses";
      // Over Chat Completions the browser runs /mcp's MCP tools too (through the MCP routes).
      expect(tools?.slice(0, 1) ?? [], protocol).toEqual(openAI ? [weatherClientTool] : []);
      expect(tools?.length ?? 0, protocol).toBe(protocol === "openai" ? 4 : openAI ? 1 : 0);
    }
    const report = await weatherClientTool.execute!({ city: "Lima" }, undefined as never);
    expect(report).toMatchObject({ city: "Lima" });
  });

  it("passes the cursor of the next page", async () => {
    const app = await testApp();
    const params = demoAgentChatParams({ fetch: fetchFrom(app) });
    for (let i = 0; i < 21; i++) await params.createThread!(userMessage(`Thread ${i}`));
    const first = await params.fetchThreadList!();
    if (Array.isArray(first)) throw new Error("expected a page");
    const second = await params.fetchThreadList!({ cursor: first.nextCursor! });
    expect(second).toMatchObject({ threads: [{ title: "Thread 0" }] });
  });

  it("rejects with the server's error for an unknown thread", async () => {
    const app = await testApp();
    const params = demoAgentChatParams({ fetch: fetchFrom(app) });
    await expect(params.loadThread!("missing")).rejects.toThrow(/There is no thread missing/);
    await expect(params.deleteThread!("missing")).rejects.toThrow(/delete the thread/);
  });

  it("uses the base URL it is given", async () => {
    const urls: string[] = [];
    const record: typeof fetch = async (input) => {
      urls.push(String(input));
      return Response.json([]);
    };
    const params = demoAgentChatParams({
      baseUrl: "https://agent.example/api/",
      protocol: "ag-ui",
      fetch: record,
    });
    await params.loadThread!("t 1");
    await params.processMessage(chatRequest(params, "t", [userMessage("hi")]));
    const openai = demoAgentChatParams({
      baseUrl: "https://agent.example/api/",
      protocol: "openai",
      fetch: record,
    });
    await openai.processMessage(chatRequest(openai, "t", [userMessage("hi")]));
    const responses = demoAgentChatParams({
      baseUrl: "https://agent.example/api/",
      protocol: "open-responses",
      fetch: record,
    });
    await responses.processMessage(chatRequest(responses, "t", [userMessage("hi")]));
    await responses.resumeStream!({
      threadId: "t",
      position: 3,
      signal: new AbortController().signal,
    });
    expect(urls).toEqual([
      "https://agent.example/api/threads/t%201/tree",
      "https://agent.example/api/chat?protocol=ag-ui",
      "https://agent.example/api/openai/chat/completions",
      "https://agent.example/api/openai/responses",
      "https://agent.example/api/openai/responses/t/stream?position=3",
    ]);
  });
});

describe("fetchDemoScripts", () => {
  it("lists the commands", async () => {
    const app = await testApp();
    const scripts = await fetchDemoScripts({ fetch: fetchFrom(app) });
    expect(scripts.map((s) => s.command)).toContain("/approve");
  });
});

describe("demoProtocols", () => {
  it("are exactly the protocols the server speaks, OpenAI's two on their own routes", async () => {
    const app = await testApp();
    for (const protocol of demoProtocols) expect(isDemoProtocol(protocol)).toBe(true);
    expect(isDemoProtocol("websocket")).toBe(false);
    const post = (protocol: string) =>
      app.request(`/api/chat?protocol=${protocol}`, {
        method: "POST",
        body: JSON.stringify({ messages: [userMessage("hi")] }),
      });
    expect((await post("websocket")).status).toBe(400);
    const openai = await post("openai");
    expect(openai.status).toBe(400);
    expect((await openai.json()).error).toContain("/api/openai/chat/completions");
    const responses = await post("open-responses");
    expect(responses.status).toBe(400);
    expect((await responses.json()).error).toContain("/api/openai/responses");
  });
});
