// The sandbox proxy page of MCP Apps (SEP-1865's "sandbox proxy"), as the browser runs it: a page
// on an origin of its own, framed by the chat, that shows one app in a sandboxed frame inside it
// and relays the protocol's messages between the chat and the app.
//
// - It runs only framed, by a page on one of `hosts` (the chat's origin comes in the address's
//   fragment, `#host=<origin>`), and never on that page's origin: it checks that it cannot
//   read the page around it before anything else.
// - It says `ui/notifications/sandbox-proxy-ready` to that origin only; it takes messages from the
//   chat's window on that origin only, and from its app's frame, which it posts on to that origin.
// - `ui/notifications/sandbox-resource-ready` (the app's HTML, its sandbox and its declared
//   `csp`) puts the app in the inner frame: the HTML under the policy its `csp` allows (first in
//   its document, so a later policy can only narrow it), sandboxed with at most scripts and forms
//   (never this page's origin, popups or top navigation).
// The policy is the same as the chat's own for an app shown without a proxy.

/** The script, with the allowed host origins as a JSON array in place of `__HOSTS__`. */
const SCRIPT = String.raw`(() => {
  "use strict";
  const HOSTS = __HOSTS__;
  const TOKENS = ["allow-scripts", "allow-forms"];
  const SOURCE = /^(?:(?:https?|wss?):\/\/)?(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?(?:\/[^\s;,'"]*)?$/i;
  const DOCTYPE = /^\uFEFF?\s*<!doctype[^>]*>/i;
  const refuse = (why) => {
    document.body.textContent = "This page shows MCP Apps inside a chat: " + why;
  };
  const host = new URLSearchParams(location.hash.slice(1)).get("host");
  if (window.parent === window) return refuse("it is not framed.");
  if (!host || !HOSTS.includes(host)) return refuse("the page framing it is not allowed.");
  try {
    void window.parent.document;
    return refuse("it is on the same origin as the chat.");
  } catch {
    // Expected: the chat's page is out of reach.
  }
  const sources = (list) =>
    Array.isArray(list) ? list.filter((item) => typeof item === "string" && SOURCE.test(item)) : [];
  const policyOf = (csp) => {
    const resources = sources(csp.resourceDomains);
    const connect = sources(csp.connectDomains);
    const frames = sources(csp.frameDomains);
    const bases = sources(csp.baseUriDomains);
    const list = (base, extra) => [base, ...extra].join(" ");
    return [
      "default-src 'none'",
      list("script-src 'self' 'unsafe-inline'", resources),
      list("style-src 'self' 'unsafe-inline'", resources),
      list("img-src 'self' data:", resources),
      list("font-src 'self' data:", resources),
      list("media-src 'self' data:", resources),
      connect.length ? "connect-src " + connect.join(" ") : "connect-src 'none'",
      frames.length ? "frame-src " + frames.join(" ") : "frame-src 'none'",
      bases.length ? "base-uri " + bases.join(" ") : "base-uri 'self'",
      "object-src 'none'",
      "form-action 'none'",
    ].join("; ");
  };
  const withPolicy = (html, policy) => {
    const content = policy.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
    const head =
      '<meta http-equiv="Content-Security-Policy" content="' + content + '">' +
      '<meta name="referrer" content="no-referrer">';
    const doctype = (DOCTYPE.exec(html) || [""])[0];
    return doctype + head + html.slice(doctype.length);
  };
  const inner = document.createElement("iframe");
  inner.title = document.title;
  inner.setAttribute("sandbox", TOKENS.join(" "));
  inner.setAttribute("referrerpolicy", "no-referrer");
  document.body.append(inner);
  window.addEventListener("message", (event) => {
    const data = event.data;
    if (event.source === window.parent) {
      if (event.origin !== host) return;
      if (data && data.method === "ui/notifications/sandbox-resource-ready") {
        const params = (data && data.params) || {};
        if (typeof params.html !== "string") return;
        const asked = typeof params.sandbox === "string" ? params.sandbox.split(/\s+/) : TOKENS;
        inner.setAttribute("sandbox", TOKENS.filter((token) => asked.includes(token)).join(" "));
        inner.srcdoc = withPolicy(params.html, policyOf(params.csp || {}));
      } else if (inner.contentWindow) {
        // The app's document has an opaque origin, which no target origin names.
        inner.contentWindow.postMessage(data, "*");
      }
    } else if (event.source !== null && event.source === inner.contentWindow) {
      window.parent.postMessage(data, host);
    }
  });
  window.parent.postMessage(
    { jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} },
    host,
  );
})();`;

/** The proxy page for the host origins `hosts` (checked origins: they go into a script). */
export function sandboxProxyPage(hosts: readonly string[]): string {
  const list = JSON.stringify(hosts).replaceAll("<", "\\u003c");
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>MCP App</title>' +
    "<style>html,body{margin:0;height:100%;overflow:hidden;background:transparent}" +
    "iframe{display:block;border:0;width:100%;height:100%}</style></head>" +
    `<body><script>${SCRIPT.replace("__HOSTS__", () => list)}</script></body></html>`
  );
}
