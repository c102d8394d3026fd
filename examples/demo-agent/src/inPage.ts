/**
 * The demo agent in a browser page, with no server: its routes answered by its own request
 * handling through a `fetch` of the page's (`createInPageAgent`), for `demoAgentChatParams` of
 * `@crayonai/demo-agent/client`. Imports no Node module or database driver, so it bundles for
 * browsers; the docs site's playground runs on it.
 *
 * @packageDocumentation
 */

export {
  createInPageAgent,
  type InPageAgent,
  type InPageAgentOptions,
  inPageScripts,
} from "./browser/inPageAgent";
