import type { CountValue } from "./messages";

/**
 * The texts of the cards of tools a server ran (Open Responses web and file search, code
 * interpreter, image generation, remote MCP): `CrayonMessages["hostedTools"]`. Their English is
 * part of the chunk those cards load in, not of the bundled catalogue.
 */
export type HostedToolMessages = {
  /**
   * A card's state, by the status the server reports (`"searching"` reads "Searching");
   * undefined for a status it does not know, which shows as the server wrote it.
   */
  status: (status: string) => string | undefined;
  /** "Web search". */
  webSearch: string;
  /** "File search". */
  fileSearch: string;
  /** "Code interpreter". */
  codeInterpreter: string;
  /** "Image generation". */
  imageGeneration: string;
  /** "MCP tools · docs": a server's list of tools. */
  mcpTools: (server: string) => string;
  /** "tool": a remote MCP call without a name. */
  tool: string;
  /** "Searched for". */
  searchedFor: string;
  /** "Opened": a page the web search opened. */
  opened: string;
  /** "Found “pattern” in". */
  foundIn: (pattern: string) => string;
  /** "Pages read". */
  pagesRead: string;
  /** "Found": a file search's results. */
  found: string;
  /** "file": a result without a file name. */
  file: string;
  /** "score 0.92" (formatted for the locale). */
  score: (score: string) => string;
  /** "Output". */
  output: string;
  /** "Tools": an MCP server's tools. */
  tools: string;
  /** "Code output": an image the code made. */
  codeOutput: string;
  /** "Generated image". */
  generatedImage: string;
  /** "Image being generated". */
  imageBeingGenerated: string;
};

/**
 * The texts of MCP Apps in the chat: `CrayonMessages["mcpApps"]`. Their English is part of the
 * chunk the first app loads, not of the bundled catalogue.
 */
export type McpAppMessages = {
  /** "Clock app": the app's card. */
  label: (title: string) => string;
  /** "Loading". */
  loading: string;
  /** "Exit full screen". */
  exitFullScreen: string;
  /** "Clock wants to open": before the link an app asks to open. */
  wantsToOpen: (title: string) => string;
  /** "Open link". */
  openLink: string;
  /** "Clock could not be shown: reason". */
  notShown: (title: string, reason: string) => string;
  /** "Clock sent messages too fast: 2 were not sent.". */
  dropped: (title: string, count: CountValue) => string;
};
