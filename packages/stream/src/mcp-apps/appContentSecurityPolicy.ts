// Each function here is self-contained (no module-level names, no imports): the sandbox proxy
// page of `@crayonai/server/mcp` embeds their source in its script, so the proxy and the chat
// apply the same policy from one piece of code.

/** The origins an app declared, each list reduced to sources that are safe to put in a policy. */
export type DeclaredCsp = {
  connectDomains: string[];
  resourceDomains: string[];
  frameDomains: string[];
  baseUriDomains: string[];
};

/**
 * The origins an MCP App's resource declares it needs (`_meta.ui.csp`, untrusted), each list
 * reduced to plain origins: a web scheme (or none) and a host (a `*.` wildcard subdomain
 * allowed), an optional port and path. Anything else is dropped: quotes (keywords such as
 * `'unsafe-eval'`), spaces, semicolons or commas, which would add sources or directives the
 * resource did not name, and a bare `*` or scheme (`https:`), which would allow every origin.
 * What the chat sends a sandbox proxy, and what {@link appContentSecurityPolicy} reads.
 */
export function declaredCsp(csp: unknown): DeclaredCsp {
  const source =
    /^(?:(?:https?|wss?):\/\/)?(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?(?:\/[^\s;,'"]*)?$/i;
  const declared = (csp ?? {}) as Record<string, unknown>;
  const sources = (value: unknown): string[] =>
    Array.isArray(value)
      ? value.filter((entry): entry is string => typeof entry === "string" && source.test(entry))
      : [];
  return {
    connectDomains: sources(declared.connectDomains),
    resourceDomains: sources(declared.resourceDomains),
    frameDomains: sources(declared.frameDomains),
    baseUriDomains: sources(declared.baseUriDomains),
  };
}

/**
 * The Content Security Policy for an MCP App that declared `declared` (see {@link declaredCsp}):
 * what it declares and nothing else. An app that declares nothing gets the MCP Apps default:
 * inline scripts and styles, `data:` images, fonts and media, no network, no frames, no plugins,
 * and forms that never navigate.
 */
export function appContentSecurityPolicy(declared: DeclaredCsp): string {
  const list = (base: string, extra: string[]) => [base, ...extra].join(" ");
  const only = (directive: string, sources: string[], otherwise: string) =>
    `${directive} ${sources.length ? sources.join(" ") : otherwise}`;
  const resources = declared.resourceDomains;
  return [
    "default-src 'none'",
    list("script-src 'self' 'unsafe-inline'", resources),
    list("style-src 'self' 'unsafe-inline'", resources),
    list("img-src 'self' data:", resources),
    list("font-src 'self' data:", resources),
    list("media-src 'self' data:", resources),
    only("connect-src", declared.connectDomains, "'none'"),
    only("frame-src", declared.frameDomains, "'none'"),
    only("base-uri", declared.baseUriDomains, "'self'"),
    "object-src 'none'",
    // A form may run its submit handler (the sandbox allows forms) but never navigates.
    "form-action 'none'",
  ].join("; ");
}

/**
 * `html` with `policy` as the first element of its document (after a leading doctype, so the
 * document keeps its standards mode), before anything the app wrote can load or run: a
 * `<meta http-equiv>` policy applies to what the parser meets after it, and a later policy can
 * only narrow it, never widen it. The referrer is withheld too.
 */
export function withContentSecurityPolicy(html: string, policy: string): string {
  // The policy goes inside a double-quoted attribute.
  const content = policy.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
  const head =
    `<meta http-equiv="Content-Security-Policy" content="${content}">` +
    `<meta name="referrer" content="no-referrer">`;
  const doctype = /^\uFEFF?\s*<!doctype[^>]*>/i.exec(html)?.[0] ?? "";
  return `${doctype}${head}${html.slice(doctype.length)}`;
}
