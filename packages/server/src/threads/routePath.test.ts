import { describe, expect, it } from "vitest";
import { routePath } from "./routePath";

describe("routePath", () => {
  const at = (path: string) => routePath(path, "/api/threads");

  it("names each route, ids decoded", () => {
    expect(at("/api/threads")).toEqual({ route: "threads" });
    expect(at("/api/threads/")).toEqual({ route: "threads" });
    expect(at("/api/threads/a%2Fb")).toEqual({ route: "thread", threadId: "a/b" });
    expect(at("/api/threads/t/messages")).toEqual({ route: "messages", threadId: "t" });
    expect(at("/api/threads/t/messages/m%201")).toEqual({
      route: "message",
      threadId: "t",
      messageId: "m 1",
    });
    expect(at("/api/threads/t/tree")).toEqual({ route: "tree", threadId: "t" });
    expect(at("/api/threads/t/active-leaf")).toEqual({ route: "activeLeaf", threadId: "t" });
  });

  it("names none for other paths", () => {
    for (const path of [
      "/api/threadsX",
      "/api/other",
      "/api/threads/t/tree/x",
      "/api/threads/t/unknown",
      "/api/threads//tree",
      "/api/threads/%E0%A4%A",
      "/api/threads/t/messages/m/x",
    ])
      expect(at(path)).toBeUndefined();
  });

  it("works under any base path", () => {
    expect(routePath("/threads/t", "/threads/")).toEqual({ route: "thread", threadId: "t" });
  });
});
