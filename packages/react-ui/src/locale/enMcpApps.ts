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
