import type { Message } from "@crayonai/stream";
import { createMessageAccumulator } from "@crayonai/stream/accumulator";
import { describe, expect, it } from "vitest";
import { markdownText } from "./agent/scripts/markdown";
import { demoAgentChatParams, demoProtocols, fetchDemoScripts, isDemoProtocol } from "./client";
import { testApp, userMessage } from "./testSupport";

type App = Awaited<ReturnType<typeof testApp>>;

/** The app's own fetch, so the client talks to it without a network. */
const fetchFrom =
  (app: App): typeof fetch =>
  async (input, init) =>
    app.request(String(input), init);

describe("demoAgentChatParams", () => {
  it.each(demoProtocols)("runs a whole conversation over %s", async (protocol) => {
    const app = await testApp();
    const params = demoAgentChatParams({ protocol, fetch: fetchFrom(app) });
    const first = userMessage("/markdown");

    const thread = await params.createThread!(first);
    expect(thread.title).toBe("/markdown");

    const response = await params.processMessage({
      threadId: thread.threadId,
      messages: [first],
      abortController: new AbortController(),
    });
    const accumulator = createMessageAccumulator({ messages: [first] });
    for await (const event of params.streamProtocol!.parse(response)) accumulator.apply(event);
    accumulator.finish();
    const messages = accumulator.getMessages();
    expect(messages[1]).toMatchObject({ role: "assistant", content: markdownText });

    const loaded = (await params.loadThread!(thread.threadId)) as Message[];
    expect(loaded.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(loaded[1]).toMatchObject({ content: markdownText, status: "complete" });

    const renamed = await params.updateThread!({ ...thread, title: "Markdown tour" });
    expect(renamed.title).toBe("Markdown tour");
    expect(await params.fetchThreadList!()).toEqual({ threads: [renamed] });

    await params.deleteThread!(thread.threadId);
    expect(await params.fetchThreadList!()).toEqual({ threads: [] });
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
    const params = demoAgentChatParams({
      baseUrl: "https://agent.example/api/",
      protocol: "ag-ui",
      fetch: async (input) => {
        urls.push(String(input));
        return Response.json([]);
      },
    });
    await params.loadThread!("t 1");
    await params.processMessage({
      threadId: "t",
      messages: [],
      abortController: new AbortController(),
    });
    expect(urls).toEqual([
      "https://agent.example/api/threads/t%201/messages",
      "https://agent.example/api/chat?protocol=ag-ui",
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
  it("are exactly the protocols the server accepts", async () => {
    const app = await testApp();
    for (const protocol of demoProtocols) {
      expect(isDemoProtocol(protocol)).toBe(true);
      const response = await app.request(`/api/chat?protocol=${protocol}`, {
        method: "POST",
        body: JSON.stringify({ messages: [userMessage("hi")] }),
      });
      expect(response.status).toBe(200);
      await response.body?.cancel();
    }
    expect(isDemoProtocol("websocket")).toBe(false);
  });
});
