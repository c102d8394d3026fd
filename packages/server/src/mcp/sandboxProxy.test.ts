import { describe, expect, it } from "vitest";
import { mcpAppSandboxProxy } from ".";

// The sandbox proxy page's response. What the page does in a browser (relaying an app's messages
// to the chat's origin only, the app kept from the chat's page) is checked in Chromium:
// examples/e2e/src/chatMcpAppsProxy.e2e.test.ts.

const HOST = "https://chat.example.com";
const proxy = mcpAppSandboxProxy({ hostOrigins: [HOST, "http://127.0.0.1:5173"] });

describe("mcpAppSandboxProxy", () => {
  it("serves the page with headers that let only the chat's origins frame it", async () => {
    const response = proxy(new Request("https://sandbox.example.com/"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const policy = response.headers.get("content-security-policy")!;
    expect(policy).toContain(`frame-ancestors ${HOST} http://127.0.0.1:5173`);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("form-action 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    const html = await response.text();
    // The page talks to the listed origins only, and shows the app sandboxed without its origin.
    expect(html).toContain(`const HOSTS = ["${HOST}","http://127.0.0.1:5173"];`);
    expect(html).toContain('"ui/notifications/sandbox-proxy-ready"');
    expect(html).toContain('const TOKENS = ["allow-scripts", "allow-forms"];');
    expect(html).not.toContain("allow-same-origin");
  });

  it("answers HEAD without a body and refuses other methods", async () => {
    const head = proxy(new Request("https://sandbox.example.com/", { method: "HEAD" }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const post = proxy(new Request("https://sandbox.example.com/", { method: "POST", body: "x" }));
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });

  it("takes only plain http(s) origins, at least one", () => {
    for (const bad of [
      "*",
      "chat.example.com",
      `${HOST}/`,
      "javascript:alert(1)",
      `${HOST} 'self'`,
    ]) {
      expect(() => mcpAppSandboxProxy({ hostOrigins: [bad] })).toThrow(TypeError);
    }
    expect(() => mcpAppSandboxProxy({ hostOrigins: [] })).toThrow(/at least one/);
  });
});
