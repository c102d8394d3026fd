import { describe, expect, it } from "vitest";
import {
  appContentSecurityPolicy,
  declaredCsp,
  withContentSecurityPolicy,
} from "./appContentSecurityPolicy";

describe("an MCP App's Content Security Policy", () => {
  it("is the MCP Apps default when the resource declares nothing: inline code, no network, no frames", () => {
    for (const csp of [undefined, null, {}, "connect everything", []]) {
      expect(appContentSecurityPolicy(declaredCsp(csp)).split("; ")).toEqual([
        "default-src 'none'",
        "script-src 'self' 'unsafe-inline'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self' data:",
        "media-src 'self' data:",
        "connect-src 'none'",
        "frame-src 'none'",
        "base-uri 'self'",
        "object-src 'none'",
        "form-action 'none'",
      ]);
    }
  });

  it("adds the origins the resource declares, and only plain origins", () => {
    const declared = declaredCsp({
      connectDomains: ["https://api.example.com", "wss://live.example.com"],
      resourceDomains: [
        "https://*.cdn.example.com",
        // Each of these would widen the policy beyond an origin: dropped.
        "*",
        "https:",
        "'unsafe-eval'",
        "https://a.example.com; script-src *",
        "https://b.example.com 'unsafe-eval'",
        42,
      ],
      frameDomains: ["https://www.youtube.com"],
      baseUriDomains: "https://base.example.com",
    });
    expect(declared).toEqual({
      connectDomains: ["https://api.example.com", "wss://live.example.com"],
      resourceDomains: ["https://*.cdn.example.com"],
      frameDomains: ["https://www.youtube.com"],
      baseUriDomains: [],
    });
    const policy = appContentSecurityPolicy(declared);
    expect(policy).toContain("connect-src https://api.example.com wss://live.example.com;");
    expect(policy).toContain("script-src 'self' 'unsafe-inline' https://*.cdn.example.com;");
    expect(policy).toContain("img-src 'self' data: https://*.cdn.example.com;");
    expect(policy).toContain("frame-src https://www.youtube.com;");
    expect(policy).toContain("base-uri 'self';");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).not.toMatch(/ \*( |;)/);
    expect(policy.split("; ").filter((d) => d.startsWith("script-src"))).toHaveLength(1);
  });

  it("goes first in the document, after its doctype, with the referrer withheld and quotes escaped", () => {
    const html = withContentSecurityPolicy(
      "\uFEFF <!DOCTYPE html><html><head><script>alert(1)</script></head></html>",
      `default-src 'none'; img-src "a&b"`,
    );
    expect(html.startsWith("\uFEFF <!DOCTYPE html><meta http-equiv=")).toBe(true);
    expect(html).toContain(`content="default-src 'none'; img-src &quot;a&amp;b&quot;"`);
    expect(html.indexOf("no-referrer")).toBeLessThan(html.indexOf("<script>"));
    expect(withContentSecurityPolicy("<p>hi</p>", "x").startsWith("<meta")).toBe(true);
  });

  it("works from its source alone, as the sandbox proxy page embeds it", () => {
    // What the proxy's script does: each function's source, evaluated with nothing around it.
    const embedded = (fn: (...args: never[]) => unknown) =>
      new Function(`"use strict"; return (${fn.toString()});`)() as typeof fn;
    const csp = { connectDomains: ["https://api.example.com", "*"], resourceDomains: ["x.test"] };
    const policy = (embedded(appContentSecurityPolicy) as typeof appContentSecurityPolicy)(
      (embedded(declaredCsp) as typeof declaredCsp)(csp),
    );
    expect(policy).toBe(appContentSecurityPolicy(declaredCsp(csp)));
    const wrap = embedded(withContentSecurityPolicy) as typeof withContentSecurityPolicy;
    expect(wrap("<!doctype html><p>", policy)).toBe(
      withContentSecurityPolicy("<!doctype html><p>", policy),
    );
  });
});
