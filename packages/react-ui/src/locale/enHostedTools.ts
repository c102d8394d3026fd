import type { HostedToolMessages } from "./lazyMessages";

const STATUS: Record<string, string> = {
  in_progress: "Starting",
  searching: "Searching",
  interpreting: "Running code",
  generating: "Generating",
  calling: "Calling",
  completed: "Done",
  failed: "Failed",
  incomplete: "Not finished",
};

/**
 * The English texts of the cards of tools a server ran: part of the chunk those cards load in,
 * not of the bundled catalogue.
 */
export const enHostedTools: HostedToolMessages = {
  status: (status) => (Object.hasOwn(STATUS, status) ? STATUS[status] : undefined),
  webSearch: "Web search",
  fileSearch: "File search",
  codeInterpreter: "Code interpreter",
  imageGeneration: "Image generation",
  mcpTools: (server) => `MCP tools · ${server}`,
  tool: "tool",
  searchedFor: "Searched for",
  opened: "Opened",
  foundIn: (pattern) => `Found “${pattern}” in`,
  pagesRead: "Pages read",
  found: "Found",
  file: "file",
  score: (score) => `score ${score}`,
  output: "Output",
  tools: "Tools",
  codeOutput: "Code output",
  generatedImage: "Generated image",
  imageBeingGenerated: "Image being generated",
};
