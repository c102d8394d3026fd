// The sidebar: the guides in the order a newcomer follows them (connect a backend, tools and
// approvals, persistence, resumable replies, theming, long threads, testing, the engine without
// React), then the rest of each package's guides, the reference by package, and the API
// reference generated from the TSDoc. The pages live in one folder per package.

const page = (slug, label) => (label ? { slug, label } : slug);

/** @param {object} apiGroup the API reference group starlight-typedoc fills in */
export const SIDEBAR = (apiGroup) => [
  {
    label: "Start here",
    items: [
      page("index", "Introduction"),
      page("guides/quick-start", "Quick start"),
      // A page of its own (src/pages), not a content page.
      { label: "Playground", link: "/playground/" },
    ],
  },
  {
    label: "Connect your backend",
    items: [
      page("react-core/backends", "Overview"),
      page("stream/backends/crayon", "Crayon SSE"),
      page("stream/backends/ag-ui", "AG-UI"),
      page("stream/backends/vercel", "Vercel AI SDK"),
      page("stream/backends/openai", "OpenAI Chat Completions"),
      page("stream/backends/open-responses", "OpenAI Responses / Open Responses"),
      page("react-core/protocols", "Any other protocol"),
      page("stream/backends", "Backends: requests, resuming, stopping"),
    ],
  },
  {
    label: "Tools and approvals",
    items: [
      page("react-core/client-tools", "Client-side tools"),
      page("react-core/human-in-the-loop", "Human in the loop"),
      page("react-ui/tool-uis", "Tool UIs"),
      page("server/mcp-apps", "MCP Apps: the server"),
      page("react-ui/mcp-apps", "MCP Apps: the chat"),
    ],
  },
  {
    label: "Persistence",
    items: [
      page("react-core/persistence", "In the client"),
      page("react-core/thread-list", "The thread list"),
      page("server/threads", "The thread store (server)"),
    ],
  },
  {
    label: "Resumable replies",
    items: [
      page("react-core/resumable-replies", "In the client"),
      page("server/resumable-replies", "On the server"),
    ],
  },
  { label: "Theming", items: [page("react-ui/theming", "Theming")] },
  {
    label: "Localisation",
    items: [page("react-ui/localisation", "Languages and right to left")],
  },
  {
    label: "Long threads",
    items: [
      page("react-ui/long-threads", "Long threads"),
      page("react-core/stream-batching", "Streaming performance"),
    ],
  },
  { label: "Testing", items: [page("react-core/testing", "Testing")] },
  { label: "The vanilla engine", items: [page("react-core/vanilla", "Without React")] },
  {
    label: "More guides",
    collapsed: true,
    items: [
      page("react-ui", "CrayonChat"),
      page("react-ui/parts", "Parts for custom layouts"),
      page("react-ui/attachments", "Attachments"),
      page("react-ui/markdown", "Streamed markdown"),
      page("react-ui/accessibility", "Accessibility"),
      page("react-ui/security", "Security"),
      page("react-ui/module-formats", "Module formats"),
      page("react-core/headless", "Without CrayonChat"),
      page("react-core/lower-level-hooks", "The lower-level hooks"),
      page("react-core/selector-hooks", "Selector hooks"),
      page("react-core/branching", "Branching"),
      page("react-core/send-queue", "Sending while a reply streams"),
      page("react-core/errors", "Stop, retry and errors"),
      page("react-core/agent-state", "Agent state and events"),
      page("react-core/server-rendering", "Server rendering and Next.js"),
      page("react-core/debugging", "Debugging replies"),
      page("server/sse", "Writing Crayon SSE"),
    ],
  },
  {
    label: "Reference",
    collapsed: true,
    items: [
      page("react-core", "@crayonai/react-core"),
      page("stream", "@crayonai/stream"),
      page("stream/messages", "The message model"),
      page("stream/events", "Stream events"),
      page("stream/accumulator", "The accumulator"),
      page("stream/validation", "Validation"),
      page("stream/errors", "Stream errors"),
      page("stream/adapters", "Adapters"),
      { label: "Each adapter", collapsed: true, autogenerate: { directory: "stream/adapters" } },
      page("stream/converters", "Message converters"),
      {
        label: "Each converter",
        collapsed: true,
        autogenerate: { directory: "stream/converters" },
      },
      page("stream/benchmarks", "Benchmarks"),
    ],
  },
  apiGroup,
];
