import type { AssistantMessage, Message } from "@crayonai/stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { markdownText } from "../agent/scripts/markdown";
import { demoAgentChatParams, fetchDemoScripts } from "../client";
import { demoProtocols } from "../protocols/demoProtocols";
import { chatRequest, fetchFrom, userMessage } from "../testSupport/clientRequests";
import { decodeReply } from "../testSupport/decodedReply";
import {
  firstTurnBody,
  type ResumableProtocol,
  readSome,
  replyPaths,
  withNeutralIds,
} from "../testSupport/resumableReplies";
import { testApp } from "../testSupport/testApps";
import { createInPageAgent, type InPageAgent } from "./inPageAgent";

// The demo agent in a page: its routes answered by the in-page `fetch`, compared with the
// server's, and threads kept in memory.

let agent: InPageAgent | undefined;
afterEach(async () => {
  vi.unstubAllGlobals();
  await agent?.close();
  agent = undefined;
});
const inPage = (delayMs = 0) => {
  agent = createInPageAgent({ delayMs });
  return agent;
};

/** Posts `command` as the first turn of `threadId` in the protocol's own request format. */
function postCommand(doFetch: typeof fetch, protocol: string, threadId: string, command: string) {
  // `text` has no resume route, but its request and path are the other Crayon-body protocols'.
  const kind = protocol as ResumableProtocol;
  return doFetch(replyPaths(kind, threadId).post, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(firstTurnBody(kind, threadId, command)),
  });
}

/** The thread list's first page, as the chat's thread list loads it. */
async function threadsOf(params: ReturnType<typeof demoAgentChatParams>) {
  const page = await params.fetchThreadList!();
  return Array.isArray(page) ? page : page.threads;
}

describe("the in-page agent", () => {
  it.each(demoProtocols)(
    "answers /markdown over %s with the body the server's route sends, but for its random ids",
    async (protocol) => {
      const server = fetchFrom(await testApp());
      const page = inPage().fetch;
      const fromServer = await postCommand(server, protocol, "t-server", "/markdown");
      const fromPage = await postCommand(page, protocol, "t-page", "/markdown");
      expect(fromPage.status).toBe(200);
      expect(fromPage.headers.get("content-type")).toBe(fromServer.headers.get("content-type"));
      const body = await fromPage.text();
      expect(withNeutralIds(body, "t-page")).toBe(
        withNeutralIds(await fromServer.text(), "t-server"),
      );
    },
  );

  it("keeps threads in memory: created, listed with the reply's preview, loaded, renamed, deleted", async () => {
    const params = demoAgentChatParams({ protocol: "vercel", fetch: inPage().fetch });
    const first = userMessage("/markdown");
    const thread = await params.createThread!(first);
    const response = await params.processMessage(chatRequest(params, thread.threadId, [first]));
    const { messages } = await decodeReply("vercel", response, [first]);
    expect(messages.at(-1)).toMatchObject({ role: "assistant", content: markdownText });

    const threads = await threadsOf(params);
    expect(threads).toMatchObject([{ threadId: thread.threadId, title: "/markdown" }]);
    expect(threads[0]!.preview).toMatch(/^\S/);
    const loaded = await params.loadThread!(thread.threadId);
    const stored = (loaded as { messages: Message[] }).messages;
    expect(stored.map(({ role }) => role)).toEqual(["user", "assistant"]);
    expect(stored[1]).toMatchObject({ status: "complete", parentId: first.id });

    await params.updateThread!({ ...thread, title: "Renamed" });
    expect(await threadsOf(params)).toMatchObject([{ title: "Renamed" }]);
    await params.deleteThread!(thread.threadId);
    expect(await threadsOf(params)).toEqual([]);
  });

  it("answers on a plain-http page, where crypto.randomUUID is missing (not a secure context)", async () => {
    const first = userMessage("/tool Paris");
    const { getRandomValues } = globalThis.crypto;
    vi.stubGlobal("crypto", { getRandomValues: getRandomValues.bind(globalThis.crypto) });
    expect(globalThis.crypto.randomUUID).toBeUndefined();
    const params = demoAgentChatParams({ protocol: "ag-ui", fetch: inPage().fetch });
    const thread = await params.createThread!(first);
    const response = await params.processMessage(chatRequest(params, thread.threadId, [first]));
    expect(response.status).toBe(200);
    const { messages } = await decodeReply("ag-ui", response, [first]);
    const call = messages.find((m) => m.role === "assistant" && m.toolCalls?.length);
    expect((call as AssistantMessage).toolCalls![0]!.id).toMatch(/\S/);
    expect(messages.at(-1)).toMatchObject({ role: "assistant", status: "complete" });
    expect(new Set(messages.map((m) => m.id)).size).toBe(messages.length);
  });

  it("stops a running reply on DELETE …/stream; the thread keeps it as stopped", async () => {
    const doFetch = inPage(3).fetch;
    const reply = await postCommand(doFetch, "crayon", "t-stop", "/long");
    const { text, rest } = await readSome(reply, { characters: 200 });
    const stop = await doFetch("/api/chat/t-stop/stream", { method: "DELETE" });
    expect(stop.status).toBe(202);
    // The body ends there, without finishing the run.
    expect(text + (await rest())).not.toContain("run-finish");
    const again = await doFetch("/api/chat/t-stop/stream", { method: "DELETE" });
    expect(again.status).toBe(204);
    const branch = (await (await doFetch("/api/threads/t-stop/messages")).json()) as Message[];
    expect((branch.at(-1) as AssistantMessage).status).toBe("stopped");
  });

  it("fails the body with the signal's reason when its request is aborted, as fetch does", async () => {
    const doFetch = inPage(3).fetch;
    const abort = new AbortController();
    const body = JSON.stringify(firstTurnBody("crayon", "t-abort", "/long"));
    const init = { method: "POST", body, signal: abort.signal };
    const reply = await doFetch("/api/chat?protocol=crayon", init);
    const reader = reply.body!.getReader();
    await reader.read();
    abort.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: "AbortError" });
    await expect(doFetch("/api/chat?protocol=crayon", init)).rejects.toMatchObject({
      name: "AbortError",
    });
  });

  it("knows every command a page can run: /mcp (MCP servers over stdio) is left out", async () => {
    const doFetch = inPage().fetch;
    const commands = (await fetchDemoScripts({ fetch: doFetch })).map((s) => s.command);
    expect(commands).toContain("/help");
    expect(commands).toContain("/approve");
    expect(commands).not.toContain("/mcp");
    const help = await (await postCommand(doFetch, "text", "t-help", "/help")).text();
    expect(help).toContain("`/markdown`");
    expect(help).not.toContain("`/mcp`");
  });

  it("answers an address it does not serve with 404, whatever the origin", async () => {
    const doFetch = inPage().fetch;
    const missing = await doFetch("https://example.com/api/nothing");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Nothing at GET /api/nothing." });
  });
});
