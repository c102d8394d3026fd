import { networkInterfaces } from "node:os";
import { describe, expect, it } from "vitest";
import { exited, freePort, startCli } from "./cliProcess";
import { postChat, userMessage } from "./testSupport/clientRequests";
import { decodeReply } from "./testSupport/decodedReply";
import { readSome } from "./testSupport/resumableReplies";
import { temporaryDataDir } from "./testSupport/temporaryDataDir";
import { testApp } from "./testSupport/testApps";

// The demo backend faces browsers and anyone on the network: it must refuse what could break
// its viewers or exhaust it, and never lose a reply it was streaming.

const malformed: [string, unknown, string][] = [
  ["object content", { id: "m", role: "user", content: { text: "hi" } }, "messages.0.content"],
  ["content: [null]", { id: "m", role: "user", content: [null] }, "messages.0.content[0]"],
  [
    "an image part without source",
    { id: "m", role: "user", content: [{ type: "image" }] },
    "messages.0.content[0]",
  ],
  ['toolCalls: "nope"', { id: "m", role: "assistant", toolCalls: "nope" }, "messages.0.toolCalls"],
  [
    "a tool call with function: null",
    { id: "m", role: "assistant", toolCalls: [{ id: "c", type: "function", function: null }] },
    "messages.0.toolCalls[0]",
  ],
  [
    "sources: [null, 3]",
    { id: "m", role: "assistant", content: "a", sources: [null, 3] },
    "messages.0.sources[0]",
  ],
  ["files: {}", { id: "m", role: "assistant", content: "a", files: {} }, "messages.0.files"],
  [
    "activity content: null",
    { id: "m", role: "activity", activityType: "plan", content: null },
    "messages.0.content",
  ],
];

describe("the demo backend refuses what it must not store", () => {
  it.each(malformed)("%s: 400 naming the field, and nothing stored", async (_, bad, path) => {
    const app = await testApp();
    const response = await postChat(app, { threadId: "t-bad", messages: [bad, userMessage("Hi")] });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.issues.map((issue: { path: string }) => issue.path)).toContain(path);
    expect((await app.request("/api/threads/t-bad/messages")).status).toBe(404);
  });

  it("refuses a malformed first message of a new thread with 400, not 500", async () => {
    const app = await testApp();
    const response = await app.request("/api/threads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ firstMessage: { id: "u", role: "user", content: [null] } }),
    });
    expect(response.status).toBe(400);
    const { issues } = await response.json();
    expect(issues).toEqual([{ path: "firstMessage.content[0]", message: expect.any(String) }]);
    expect((await (await app.request("/api/threads")).json()).threads).toEqual([]);
  });

  it("checks the messages converted from another protocol's request before storing them", async () => {
    const app = await testApp();
    // Valid AG-UI, but two messages with one id cannot be a Crayon thread.
    const twice = (content: string) => ({ id: "m", role: "user", content });
    const response = await postChat(
      app,
      {
        threadId: "t-agui",
        runId: "r",
        messages: [twice("a"), twice("b")],
        tools: [],
        context: [],
        forwardedProps: {},
      },
      "ag-ui",
    );
    expect(response.status).toBe(400);
    expect((await response.json()).issues).toEqual([
      { path: "messages.1.id", message: expect.any(String) },
    ]);
    expect((await app.request("/api/threads/t-agui/messages")).status).toBe(404);
  });

  it("refuses a thread id longer than an id", async () => {
    const app = await testApp();
    const response = await postChat(app, {
      threadId: "t".repeat(201),
      messages: [userMessage("Hi")],
    });
    expect(response.status).toBe(400);
    expect((await (await app.request("/api/threads")).json()).threads).toEqual([]);
  });

  it("answers 413 with a JSON error for a body over the limit", async () => {
    const app = await testApp({ maxBodyBytes: 10_000 });
    const response = await postChat(app, { messages: [userMessage("x".repeat(20_000))] });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: expect.stringContaining("larger than 10000") });
    const small = await postChat(app, { messages: [userMessage("Hello")] });
    expect(small.status).toBe(200);
  });

  it("refuses a title longer than a title", async () => {
    const app = await testApp();
    const created = await app.request("/api/threads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ firstMessage: userMessage("Hi") }),
    });
    const { threadId } = await created.json();
    const rename = (title: string) =>
      app.request(`/api/threads/${threadId}`, {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ title }),
      });
    expect((await rename("x".repeat(201))).status).toBe(400);
    expect((await rename("A fine title")).status).toBe(200);
  });
});

describe("CORS", () => {
  const preflight = (origin: string) => ({
    method: "OPTIONS",
    headers: { origin, "access-control-request-method": "POST" },
  });

  it("allows no other origin by default", async () => {
    const app = await testApp();
    const response = await app.request("/api/threads", preflight("https://evil.example"));
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("allows the configured origins only", async () => {
    const app = await testApp({ corsOrigins: ["https://app.example"] });
    const allowed = await app.request("/api/threads", preflight("https://app.example"));
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://app.example");
    const other = await app.request("/api/threads", preflight("https://evil.example"));
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("the CLI", () => {
  // Reaching the CLI on another of this machine's addresses shows what it listens on.
  const otherAddress = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === "IPv4" && !i.internal)?.address;

  it.skipIf(!otherAddress)(
    "is reachable from the network only when --host says so",
    async () => {
      const reachable = async (host: string, port: number) =>
        fetch(`http://${host}:${port}/api/threads`).then(
          (response) => response.ok,
          () => false,
        );
      const port = await freePort();
      let server = await startCli(port, undefined);
      try {
        expect(await reachable("127.0.0.1", port)).toBe(true);
        expect(await reachable(otherAddress!, port)).toBe(false);
        server.kill("SIGKILL");
        await exited(server);
        server = await startCli(port, undefined, ["--host", "0.0.0.0"]);
        expect(await reachable(otherAddress!, port)).toBe(true);
      } finally {
        server.kill("SIGKILL");
      }
    },
    60_000,
  );

  it("keeps a reply it was streaming when killed, marked as interrupted after a restart", async () => {
    const dataDir = await temporaryDataDir();
    const port = await freePort();
    const start = () => startCli(port, dataDir);
    let server = await start();
    try {
      const base = `http://127.0.0.1:${port}/api`;
      const response = await fetch(`${base}/chat?protocol=crayon`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ threadId: "t-kill", messages: [userMessage("/long")] }),
      });
      // Read for well over a checkpoint interval, then kill the server mid-reply.
      const { text: received } = await readSome(response, { ms: 2500 });
      server.kill("SIGKILL");
      await exited(server);
      await response.body!.cancel().catch(() => {});
      expect(received).toContain("event: text");

      server = await start();
      const messages = await (await fetch(`${base}/threads/t-kill/messages`)).json();
      const reply = messages.at(-1);
      expect(reply).toMatchObject({ role: "assistant", status: "error" });
      expect(reply.error).toMatch(/server stopped/);
      // At most about a checkpoint interval (250 ms) of text lost: 40 ms per piece, so ~6 pieces
      // (15 allowing for lag).
      const { events } = await decodeReply("crayon", new Response(received), []);
      const pieces = events.flatMap((event) => (event.type === "text-delta" ? [event.text] : []));
      const streamed = pieces.join("");
      expect(reply.content.length).toBeGreaterThan(50);
      expect(streamed.startsWith(reply.content) || reply.content.startsWith(streamed)).toBe(true);
      let kept = 0;
      const stored = pieces.findIndex((piece) => {
        kept += piece.length;
        return kept > reply.content.length;
      });
      const lost = stored === -1 ? 0 : pieces.length - stored;
      expect(lost).toBeLessThanOrEqual(15);
    } finally {
      server.kill("SIGKILL");
    }
  }, 60_000);
});
