import { describe, expect, it } from "vitest";
import { recordingFetch } from "../../test/streams";
import type { ChatBackend } from "../chatRequest";
import { agUIBackend } from "./ag-ui/agUIBackend";
import { openAIBackend } from "./openai/openAIBackend";
import type { HttpOptions } from "./postJSON";
import { StreamRequestError, threadStreamURL } from "./streamResumption";
import { vercelAIBackend } from "./vercel/vercelAIBackend";

type Make = (
  options: HttpOptions & { resume?: false | ((threadId: string) => string) },
) => ChatBackend;

const backends: Array<[string, Make, string]> = [
  [
    "vercelAIBackend",
    (options) => vercelAIBackend({ api: "/api/chat", ...options }),
    "/api/chat/t 1/stream",
  ],
  [
    "agUIBackend",
    (options) => agUIBackend({ url: "/api/chat?protocol=ag-ui", ...options }),
    "/api/chat/t 1/stream?protocol=ag-ui",
  ],
  [
    "openAIBackend",
    (options) =>
      openAIBackend({
        baseURL: "https://proxy.example/v1/",
        model: "m",
        apiKey: "k",
        resume: true,
        ...options,
      }),
    "https://proxy.example/v1/chat/completions/t 1/stream",
  ],
];

const signal = new AbortController().signal;

describe.each(backends)("%s – resumeStream / stopStream", (_name, make, streamPath) => {
  const streamURL = streamPath.replace("t 1", "t%201");
  const withPosition = `${streamURL}${streamURL.includes("?") ? "&" : "?"}position=42`;

  it("GETs the thread's stream from the position, with the headers and credentials; a 200 is the response", async () => {
    const body = new Response("data: x\n\n", { headers: { "X-Crayon-Resume-Position": "42" } });
    const { fetch, calls } = recordingFetch(() => body);
    const backend = make({ fetch, headers: { Authorization: "Bearer a" }, credentials: "include" });
    expect(await backend.resumeStream!({ threadId: "t 1", position: 42, signal })).toBe(body);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(withPosition);
    expect(calls[0]!.init).toMatchObject({
      method: "GET",
      signal,
      credentials: "include",
      headers: { Accept: "text/event-stream", Authorization: "Bearer a" },
    });
  });

  it("returns null for a 204 and throws a StreamRequestError for any other status", async () => {
    const none = make({ fetch: recordingFetch(() => new Response(null, { status: 204 })).fetch });
    expect(await none.resumeStream!({ threadId: "t 1", position: 0, signal })).toBeNull();

    const refused = () =>
      new Response(JSON.stringify({ error: { code: "forbidden", message: "Not yours" } }), {
        status: 403,
        headers: { "content-type": "application/json" },
      });
    const backend = make({ fetch: recordingFetch(refused).fetch });
    const error = await backend.resumeStream!({ threadId: "t 1", position: 0, signal }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StreamRequestError);
    expect(error).toMatchObject({
      code: "http_error",
      status: 403,
      serverCode: "forbidden",
      message: "Resuming the reply failed with status 403: Not yours",
    });
    await expect(backend.stopStream!({ threadId: "t 1" })).rejects.toMatchObject({ status: 403 });
  });

  it("DELETEs the thread's stream to stop it (202 or 204)", async () => {
    for (const status of [202, 204]) {
      const { fetch, calls } = recordingFetch(() => new Response(null, { status }));
      await make({ fetch }).stopStream!({ threadId: "t 1" });
      expect(calls.map((c) => [c.url, c.init.method])).toEqual([[streamURL, "DELETE"]]);
    }
  });

  it("takes the stream URL from a function, or leaves resuming out with resume: false", async () => {
    const { fetch, calls } = recordingFetch(() => new Response(null, { status: 204 }));
    const backend = make({ fetch, resume: (threadId) => `/streams/${threadId}?v=2` });
    await backend.resumeStream!({ threadId: "t1", position: 3, signal });
    await backend.stopStream!({ threadId: "t1" });
    expect(calls.map((c) => c.url)).toEqual(["/streams/t1?v=2&position=3", "/streams/t1?v=2"]);

    const off = make({ fetch, resume: false });
    expect(off.resumeStream).toBeUndefined();
    expect(off.stopStream).toBeUndefined();
  });
});

describe("threadStreamURL", () => {
  it.each([
    ["/api/chat", "/api/chat/t1/stream"],
    ["/api/chat/", "/api/chat/t1/stream"],
    ["/api/chat?protocol=ag-ui", "/api/chat/t1/stream?protocol=ag-ui"],
    ["https://x.example/run?a=1&b=2#top", "https://x.example/run/t1/stream?a=1&b=2"],
  ])("%s → %s", (endpoint, expected) => {
    expect(threadStreamURL(endpoint, "t1")).toBe(expected);
  });
});

describe("openAIBackend – the api key", () => {
  it("goes with the resume and stop requests too", async () => {
    const { fetch, calls } = recordingFetch(() => new Response(null, { status: 204 }));
    const backend = openAIBackend({ baseURL: "/v1", model: "m", apiKey: "k", resume: true, fetch });
    await backend.stopStream!({ threadId: "t1" });
    expect(calls[0]!.init.headers).toMatchObject({ Authorization: "Bearer k" });
  });
});
