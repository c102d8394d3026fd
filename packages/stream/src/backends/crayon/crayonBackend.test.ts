import { describe, expect, it } from "vitest";
import { crayonBackend } from "./crayonBackend";

function recordingFetch(responses: Response[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return responses.shift() ?? new Response(null, { status: 204 });
  }) as unknown as typeof globalThis.fetch;
  return { calls, fetch };
}

describe("crayonBackend", () => {
  it("posts the thread, its Crayon messages and state, with the extra body fields losing", async () => {
    const { calls, fetch } = recordingFetch([new Response("data: hi\n\n")]);
    const backend = crayonBackend({ url: "/api/chat", fetch, body: { threadId: "no", tag: 1 } });
    const abortController = new AbortController();
    await backend.processMessage({
      threadId: "t1",
      messages: [{ id: "u1", role: "user", content: "hello" }],
      abortController,
      runId: "r1",
      trigger: "submit-message",
      state: { n: 1 },
      tools: [],
    });
    expect(calls[0]!.url).toBe("/api/chat");
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      tag: 1,
      threadId: "t1",
      messages: [{ id: "u1", role: "user", content: "hello" }],
      state: { n: 1 },
    });
  });

  it("resumes and stops through {url}/{threadId}/stream, keeping the url's query", async () => {
    const { calls, fetch } = recordingFetch([
      new Response("data: rest\n\n", { status: 200 }),
      new Response(null, { status: 204 }),
      new Response(null, { status: 202 }),
    ]);
    const backend = crayonBackend({ url: "/api/chat?protocol=crayon", fetch });
    const signal = new AbortController().signal;
    const resumed = await backend.resumeStream!({ threadId: "a b", position: 12, signal });
    expect(await resumed!.text()).toBe("data: rest\n\n");
    expect(await backend.resumeStream!({ threadId: "t", position: 0, signal })).toBeNull();
    await backend.stopStream!({ threadId: "t" });
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      "GET /api/chat/a%20b/stream?protocol=crayon&position=12",
      "GET /api/chat/t/stream?protocol=crayon&position=0",
      "DELETE /api/chat/t/stream?protocol=crayon",
    ]);
  });

  it("resume: false leaves resuming out", () => {
    const backend = crayonBackend({ url: "/api/chat", resume: false });
    expect(backend.resumeStream).toBeUndefined();
    expect(backend.stopStream).toBeUndefined();
  });
});
