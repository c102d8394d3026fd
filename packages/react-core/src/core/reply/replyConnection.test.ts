// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ResolvedThreadParams } from "../thread/threadHost";

const params = (resumeStream?: () => Promise<Response | null>) =>
  ({ resumeStream, reconnect: { delays: [0] } }) as unknown as ResolvedThreadParams;
const callbacks = { onReconnecting: () => {}, onReconnected: () => {} };

describe("a reply's connection", () => {
  afterEach(() => {
    vi.doUnmock("./resumableBody");
    vi.resetModules();
  });

  it("wraps the body to reconnect only when the app resumes replies", async () => {
    const { replyConnection } = await import("./replyConnection");
    const response = new Response("data: {}\n\n");
    const plain = replyConnection(params(), new AbortController().signal, callbacks);
    expect(await plain.open(response, "t1")).toBe(response);
    const resuming = replyConnection(
      params(async () => null),
      new AbortController().signal,
      callbacks,
    );
    const opened = await resuming.open(new Response("data: {}\n\n"), "t1");
    expect(await opened.text()).toBe("data: {}\n\n");
  });

  it("reads the reply as it is when the reconnecting body's code cannot be loaded", async () => {
    vi.resetModules();
    vi.doMock("./resumableBody", () => {
      throw new Error("offline");
    });
    const { replyConnection } = await import("./replyConnection");
    const response = new Response("data: {}\n\n");
    const connection = replyConnection(
      params(async () => null),
      new AbortController().signal,
      callbacks,
    );
    expect(await connection.open(response, "t1")).toBe(response);
  });
});
