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
// The policy is the chat's own for an app shown without a proxy: the same functions, from
// `@crayonai/stream/mcp-apps`, embedded in the script as their source.

import {
  appContentSecurityPolicy,
  declaredCsp,
  withContentSecurityPolicy,
} from "@crayonai/stream/mcp-apps";

// A self-contained function as an expression in the script; `<` escaped so no `</script>` in
// its source can end the script early.
const embedded = (fn: (...args: never[]) => unknown) =>
  `(${fn.toString().replaceAll("</", "<\\/")})`;

/** The script, with the allowed host origins as a JSON array in place of `__HOSTS__`, and the
 * policy's functions in place of the other placeholders. */
const SCRIPT = String.raw`(() => {
  "use strict";
  const HOSTS = __HOSTS__;
  const TOKENS = ["allow-scripts", "allow-forms"];
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
  const declaredCsp = __DECLARED_CSP__;
  const policyOf = __POLICY__;
  const withPolicy = __WITH_POLICY__;
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
        inner.srcdoc = withPolicy(params.html, policyOf(declaredCsp(params.csp)));
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
  const script = SCRIPT.replace("__DECLARED_CSP__", () => embedded(declaredCsp))
    .replace("__POLICY__", () => embedded(appContentSecurityPolicy))
    .replace("__WITH_POLICY__", () => embedded(withContentSecurityPolicy))
    .replace("__HOSTS__", () => list);
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>MCP App</title>' +
    "<style>html,body{margin:0;height:100%;overflow:hidden;background:transparent}" +
    "iframe{display:block;border:0;width:100%;height:100%}</style></head>" +
    `<body><script>${script}</script></body></html>`
  );
}
