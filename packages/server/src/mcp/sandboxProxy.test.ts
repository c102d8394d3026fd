import {
  appContentSecurityPolicy,
  declaredCsp,
  withContentSecurityPolicy,
} from "@crayonai/stream/mcp-apps";
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

  it("shows the app under the chat's own policy: the same functions, run from the page's script", async () => {
    const html = await proxy(new Request("https://sandbox.example.com/")).text();
    const script = /<script>([\s\S]*)<\/script>/.exec(html)![1]!;
    // The page's globals, as a framed page on another origin than the chat's sees them.
    const posted: unknown[] = [];
    const parent = {
      get document(): never {
        throw new Error("cross-origin");
      },
      postMessage: (message: unknown) => posted.push(message),
    };
    const inner = { srcdoc: "", attributes: {} as Record<string, string>, contentWindow: {} };
    Object.assign(inner, { setAttribute: (k: string, v: string) => (inner.attributes[k] = v) });
    let listener = (_event: unknown) => {};
    const window = { parent, addEventListener: (_: string, f: typeof listener) => (listener = f) };
    const document = { title: "App", body: { append() {} }, createElement: () => inner };
    const location = { hash: `#host=${encodeURIComponent(HOST)}` };
    new Function("window", "document", "location", script)(window, document, location);
    expect(posted).toEqual([
      expect.objectContaining({ method: "ui/notifications/sandbox-proxy-ready" }),
    ]);

    const csp = { connectDomains: ["https://api.example.com", "https:"], frameDomains: "*" };
    const app = "<!doctype html><p>clock</p>";
    const params = { html: app, sandbox: "allow-scripts allow-same-origin allow-popups", csp };
    const ready = { method: "ui/notifications/sandbox-resource-ready", params };
    // From another origin than the chat's: ignored.
    listener({ source: parent, origin: "https://evil.example.com", data: ready });
    expect(inner.srcdoc).toBe("");
    listener({ source: parent, origin: HOST, data: ready });
    expect(inner.srcdoc).toBe(
      withContentSecurityPolicy(app, appContentSecurityPolicy(declaredCsp(csp))),
    );
    expect(inner.srcdoc).toContain("connect-src https://api.example.com;");
    expect(inner.attributes.sandbox).toBe("allow-scripts");
  });
});
