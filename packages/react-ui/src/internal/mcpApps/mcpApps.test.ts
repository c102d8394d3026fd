import {
  appContentSecurityPolicy,
  declaredCsp,
  withContentSecurityPolicy,
} from "@crayonai/stream/mcp-apps";
import { describe, expect, it, vi } from "vitest";
import { createRateLimit, messageText, modelContextEntry } from "./appMessages";
import { appResourceFrom, readAppResource } from "./appResource";
import { callToolResultOf, callToolResultOfMessage } from "./toolResult";

const MIME = "text/html;profile=mcp-app";

describe("an MCP App's Content Security Policy in its frame", () => {
  it("is the first element of the parsed document, which keeps its standards mode", () => {
    const policy = appContentSecurityPolicy(declaredCsp(undefined));
    const html = withContentSecurityPolicy(
      "<!DOCTYPE html><html><head><script>alert(1)</script></head></html>",
      policy,
    );
    const document = new DOMParser().parseFromString(html, "text/html");
    const meta = document.head.firstElementChild;
    expect(meta?.getAttribute("http-equiv")).toBe("Content-Security-Policy");
    expect(meta?.getAttribute("content")).toBe(policy);
    expect(document.compatMode).toBe("CSS1Compat");
  });
});

describe("reading an app's interface", () => {
  const content = (fields: Record<string, unknown>) => ({
    contents: [{ uri: "ui://clock/app.html", mimeType: MIME, ...fields }],
  });
  const read = (result: unknown, maxBytes = 1000) =>
    appResourceFrom(result, "ui://clock/app.html", maxBytes);
  const failure = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error as { code: string; message: string };
    }
    throw new Error("no failure");
  };

  it("takes text or base64 HTML and what its _meta.ui declares", () => {
    const csp = { connectDomains: ["https://api.example.com"] };
    expect(
      read(content({ text: "<p>é</p>", _meta: { ui: { csp, prefersBorder: false } } })),
    ).toEqual({ html: "<p>é</p>", csp, prefersBorder: false });
    const blob = btoa(String.fromCharCode(...new TextEncoder().encode("<p>é</p>")));
    expect(read(content({ blob })).html).toBe("<p>é</p>");
    // Some server SDKs spell _meta as meta.
    expect(read(content({ text: "x", meta: { ui: { csp } } })).csp).toEqual(csp);
    // Parameters spaced or cased differently are the same type.
    expect(read({ contents: [{ mimeType: "Text/HTML; profile=mcp-app", text: "x" }] }).html).toBe(
      "x",
    );
  });

  it("refuses what is not an MCP App, with a code and the reason", () => {
    expect(failure(() => read(content({ mimeType: "text/html", text: "<p>" })))).toMatchObject({
      code: "resource_not_app",
      message: "its interface is text/html, not text/html;profile=mcp-app.",
    });
    expect(failure(() => read(content({ blob: "%%%" })))).toMatchObject({
      code: "resource_not_app",
    });
    expect(failure(() => read({ contents: [] }))).toMatchObject({ code: "resource_unavailable" });
    expect(failure(() => read(content({ text: "é".repeat(600) })))).toMatchObject({
      code: "resource_too_large",
      message: "its interface is 2 kB, over the 1 kB limit.",
    });
  });

  it("asks the route with the thread, server and URI, and says what a refusal was", async () => {
    const fetch = vi.fn(async () =>
      Response.json(
        { error: { code: "upstream", message: "The MCP server disconnected." } },
        { status: 502 },
      ),
    );
    const request = {
      fetch,
      endpoint: "/api/mcp",
      threadId: "t1",
      server: "clock",
      uri: "ui://clock/app.html",
      maxBytes: 1000,
    };
    await expect(readAppResource(request)).rejects.toMatchObject({
      code: "resource_unavailable",
      message: "the server answered 502 (The MCP server disconnected).",
    });
    expect(fetch).toHaveBeenCalledWith("/api/mcp/resources/read", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ threadId: "t1", server: "clock", uri: "ui://clock/app.html" }),
    });
    fetch.mockImplementationOnce(async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(readAppResource(request)).rejects.toMatchObject({
      code: "resource_unavailable",
      message: "the server could not be reached (Failed to fetch).",
    });
  });
});

describe("a tool's result as the app receives it", () => {
  it("passes a CallToolResult on, and wraps other output", () => {
    const result = {
      content: [{ type: "text", text: "14:05" }],
      structuredContent: { time: "14:05" },
    };
    expect(callToolResultOf(JSON.stringify(result))).toEqual(result);
    expect(callToolResultOf("plain text")).toEqual({
      content: [{ type: "text", text: "plain text" }],
    });
    expect(callToolResultOf('{"temperature":12}')).toEqual({
      content: [{ type: "text", text: '{"temperature":12}' }],
      structuredContent: { temperature: 12 },
    });
    // Not typed blocks: not a CallToolResult.
    expect(callToolResultOf({ content: ["x"] }).content[0]).toEqual({
      type: "text",
      text: '{"content":["x"]}',
    });
  });

  it("reads a tool message: an error, or its text parts", () => {
    const base = { id: "m", role: "tool" as const, toolCallId: "c" };
    expect(callToolResultOfMessage({ ...base, content: "", error: "Timed out" })).toEqual({
      content: [{ type: "text", text: "Timed out" }],
      isError: true,
    });
    expect(
      callToolResultOfMessage({
        ...base,
        content: [
          { type: "text", text: "a" },
          { type: "image", source: { type: "url", value: "https://x/y.png" } },
          { type: "text", text: "b" },
        ],
      }),
    ).toEqual({ content: [{ type: "text", text: "a\nb" }] });
  });
});

describe("an app's messages", () => {
  it("allows `count` messages in any window of `perMs`", () => {
    let now = 0;
    const limit = createRateLimit({ count: 2, perMs: 1000 }, () => now);
    expect([limit.take(), limit.take(), limit.take()]).toEqual([true, true, false]);
    now = 999;
    expect(limit.take()).toBe(false);
    now = 1000;
    expect([limit.take(), limit.take(), limit.take()]).toEqual([true, true, false]);
  });

  it("reads the text of a message, and tells where context came from", () => {
    expect(
      messageText([
        { type: "text", text: "Hi" },
        { type: "image" },
        { type: "text", text: "there" },
      ]),
    ).toBe("Hi\nthere");
    expect(messageText({ type: "text", text: "  " })).toBeUndefined();
    expect(messageText("text")).toBeUndefined();
    const source = { server: "clock", tool: "get_time", title: "World clock", toolCallId: "c1" };
    expect(
      modelContextEntry(source, { structuredContent: { zone: "UTC" }, content: undefined }),
    ).toEqual({
      type: "mcp_app_context",
      app: "World clock",
      server: "clock",
      tool: "get_time",
      toolCallId: "c1",
      structuredContent: { zone: "UTC" },
    });
  });
});
