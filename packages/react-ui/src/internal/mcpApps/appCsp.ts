/**
 * The Content Security Policy an MCP App's document runs under: what its resource declares in
 * `_meta.ui.csp`, and nothing else. An app that declares nothing gets the MCP Apps default: inline
 * scripts and styles, `data:` images and media, no network, no frames, no plugins.
 */

/** The origins a UI resource declares it needs (`_meta.ui.csp`). */
export type AppCsp = {
  connectDomains?: unknown;
  resourceDomains?: unknown;
  frameDomains?: unknown;
  baseUriDomains?: unknown;
};

// An origin as a CSP source: a web scheme (or none) and a host (a `*.` wildcard subdomain
// allowed), an optional port and path. No quotes (keywords such as 'unsafe-eval'), spaces,
// semicolons or commas, which would add sources or directives the resource did not name, and no
// bare `*` or scheme (`https:`), which would allow every origin.
const SOURCE =
  /^(?:(?:https?|wss?):\/\/)?(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?(?:\/[^\s;,'"]*)?$/i;

/** The declared origins that are plain `scheme://host` sources; anything else is dropped. */
export function cspSources(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((entry): entry is string => typeof entry === "string" && SOURCE.test(entry));
}

/** The declared origins, each list filtered by {@link cspSources}: what a sandbox proxy is sent. */
export function declaredCsp(csp: AppCsp | undefined) {
  return {
    connectDomains: cspSources(csp?.connectDomains),
    resourceDomains: cspSources(csp?.resourceDomains),
    frameDomains: cspSources(csp?.frameDomains),
    baseUriDomains: cspSources(csp?.baseUriDomains),
  };
}

/** The policy for an app that declared `csp` (or nothing). */
export function appContentSecurityPolicy(csp: AppCsp | undefined): string {
  const resources = cspSources(csp?.resourceDomains);
  const connect = cspSources(csp?.connectDomains);
  const frames = cspSources(csp?.frameDomains);
  const bases = cspSources(csp?.baseUriDomains);
  const list = (base: string, extra: string[]) => [base, ...extra].join(" ");
  return [
    "default-src 'none'",
    list("script-src 'self' 'unsafe-inline'", resources),
    list("style-src 'self' 'unsafe-inline'", resources),
    list("img-src 'self' data:", resources),
    list("font-src 'self' data:", resources),
    list("media-src 'self' data:", resources),
    connect.length ? `connect-src ${connect.join(" ")}` : "connect-src 'none'",
    frames.length ? `frame-src ${frames.join(" ")}` : "frame-src 'none'",
    bases.length ? `base-uri ${bases.join(" ")}` : "base-uri 'self'",
    "object-src 'none'",
    // A form may run its submit handler (the sandbox allows forms) but never navigates.
    "form-action 'none'",
  ].join("; ");
}

/** Attribute-safe text (the policy goes inside a double-quoted attribute). */
const escapeAttribute = (text: string) => text.replaceAll("&", "&amp;").replaceAll('"', "&quot;");

// A leading doctype (after any byte order mark and whitespace): the policy goes after it, so the
// document keeps its standards mode.
const DOCTYPE = /^\uFEFF?\s*<!doctype[^>]*>/i;

/**
 * The app's HTML with the policy as the first element of its document, before anything the app
 * wrote can load or run: a `<meta http-equiv>` policy applies to what the parser meets after it,
 * and a later policy can only narrow it, never widen it. The referrer is not sent either.
 */
export function withContentSecurityPolicy(html: string, policy: string): string {
  const head =
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}">` +
    `<meta name="referrer" content="no-referrer">`;
  const doctype = DOCTYPE.exec(html)?.[0] ?? "";
  return `${doctype}${head}${html.slice(doctype.length)}`;
}
