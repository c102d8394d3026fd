import type { LocaleValue } from "./format";
import type { McpAppMessages } from "./lazyMessages";

/** The English texts of MCP Apps: part of the chunk the first app loads, not of the bundle. */
export const enMcpApps: McpAppMessages = {
  label: (title) => `${title} app`,
  loading: "Loading",
  exitFullScreen: "Exit full screen",
  wantsToOpen: (title) => `${title} wants to open`,
  openLink: "Open link",
  notShown: (title, reason) => `${title} could not be shown: ${reason}`,
  dropped: (title, count) =>
    `${title} sent messages too fast: ${count.text} ${count.category === "one" ? "was" : "were"} not sent.`,
};

/** The texts of MCP Apps in the locale: its catalogue's, else English (loaded with the apps). */
export const mcpAppTexts = (messages: LocaleValue["messages"]): typeof enMcpApps => ({
  ...enMcpApps,
  ...messages.mcpApps,
});
