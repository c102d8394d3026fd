// Budgets checked in CI (`pnpm size` after `pnpm build`), min+gzip.
//
// Checks marked `loadedAtStart` count what an app downloads when it starts: modules the code
// loads with `import()` when a rare event needs them (the JSON Patch applier, on the first state
// or activity patch) are left out, and have budgets of their own below.

/**
 * esbuild leaves `import()`ed modules out of the measured bundle, and writes an ES module so the
 * `import()` stays one (as an app's bundler emits it), not the require shims an IIFE needs.
 */
function loadedAtStart(config) {
  const lazy = {
    name: "lazy-chunks-not-counted",
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) =>
        args.kind === "dynamic-import" ? { path: args.path, external: true } : undefined,
      );
    },
  };
  return { ...config, format: "esm", plugins: [...(config.plugins ?? []), lazy] };
}

/** The debug channel's chunk left out: only a chat with a debug listener loads it. */
function withoutDebugChunk(config) {
  const debug = {
    name: "debug-chunk-not-counted",
    setup(build) {
      build.onResolve({ filter: /replyTracing-/ }, (args) => ({ path: args.path, external: true }));
    },
  };
  return { ...config, plugins: [...(config.plugins ?? []), debug] };
}

/** The file alone: the chunks it imports are loaded already, with the entry that loads it. */
function chunkAlone(config) {
  const shared = {
    name: "shared-chunks-not-counted",
    setup(build) {
      build.onResolve({ filter: /^\.\/chunk-/ }, (args) => ({ path: args.path, external: true }));
    },
  };
  return { ...config, format: "esm", plugins: [...(config.plugins ?? []), shared] };
}

export default [
  {
    name: "@crayonai/stream root entry with crayonSSEAdapter (what every app loads; 0.25 kB of it refuses responses that are not a stream or were cut mid-event); 0.05 kB decodes a chunk of many events as they are read, 64K characters at a time, not all in one task",
    path: "packages/stream/dist/index.js",
    import: "{ crayonSSEAdapter }",
    limit: "4.16 kB",
    gzip: true,
  },
  {
    name: "@crayonai/stream root entry, every export (incl. validateMessages, 1.7 kB: it also checks fields inside parts, tool calls and sources, holes, inherited names and throwing getters; crayonSSEEventName, for writers of the format, 0.09 kB)",
    path: "packages/stream/dist/index.js",
    import: "*",
    limit: "6.3 kB",
    gzip: true,
  },
  {
    name: "root + @crayonai/stream/adapters/ag-ui (2 KiB over the root's 4 KiB, and 21 B for reading an interrupt that names a tool call of its run as that call's approval request, so the card asks as over Crayon SSE); 0.05 kB decodes a chunk of many events as they are read, 64K characters at a time, not all in one task",
    import: {
      "packages/stream/dist/index.js": "{ crayonSSEAdapter }",
      "packages/stream/dist/adapters/ag-ui.js": "*",
    },
    limit: "6.22 kB",
    gzip: true,
  },
  {
    name: "root + @crayonai/stream/adapters/vercel (2 KiB over the root's 4 KiB), loaded at start: the AI SDK 3/4 data stream decoder comes with import() when a response is not text/event-stream",
    import: {
      "packages/stream/dist/index.js": "{ crayonSSEAdapter }",
      "packages/stream/dist/adapters/vercel.js": "*",
    },
    limit: "6 KiB",
    gzip: true,
    modifyEsbuildConfig: loadedAtStart,
  },
  {
    name: "@crayonai/stream/adapters/vercel's data stream chunk (the AI SDK 3/4 data stream decoder and the format sniffing), loaded when a response is not text/event-stream",
    path: "packages/stream/dist/formatSniffer-*.js",
    limit: "1.05 kB",
    gzip: true,
    modifyEsbuildConfig: chunkAlone,
  },
  {
    name: "root + @crayonai/stream/adapters/openai (2 KiB over the root's 4 KiB)",
    import: {
      "packages/stream/dist/index.js": "{ crayonSSEAdapter }",
      "packages/stream/dist/adapters/openai.js": "*",
    },
    limit: "6 KiB",
    gzip: true,
  },
  {
    name: "root + @crayonai/stream/adapters/open-responses (2.09 kB over the root here, 2,028 B in a Vite build, within the 2 KiB the other adapters keep: six hosted tools with progress, server-run call outputs, reasoning, citations, approvals, usage and the function call item ids in one decoder; was 2.46 kB / 2,437 B); 0.05 kB decodes a chunk of many events as they are read, 64K characters at a time, not all in one task",
    import: {
      "packages/stream/dist/index.js": "{ crayonSSEAdapter }",
      "packages/stream/dist/adapters/open-responses.js": "*",
    },
    limit: "6.24 kB",
    gzip: true,
  },
  {
    name: "root + @crayonai/stream/adapters/plain-text (2 KiB over the root's 4 KiB)",
    import: {
      "packages/stream/dist/index.js": "{ crayonSSEAdapter }",
      "packages/stream/dist/adapters/plain-text.js": "*",
    },
    limit: "6 KiB",
    gzip: true,
  },
  {
    name: "root + @crayonai/stream/adapters/text (2 KiB over the root's 4 KiB)",
    import: {
      "packages/stream/dist/index.js": "{ crayonSSEAdapter }",
      "packages/stream/dist/adapters/text.js": "*",
    },
    limit: "6 KiB",
    gzip: true,
  },
  {
    name: "root + @crayonai/stream/converters/openai (2 kB over the root's 4 kB)",
    import: {
      "packages/stream/dist/index.js": "{ crayonSSEAdapter }",
      "packages/stream/dist/converters/openai.js": "*",
    },
    limit: "6.2 kB",
    gzip: true,
  },
  {
    name: "root + @crayonai/stream/converters/ag-ui (both directions, resume entries; +0.05 kB with the root's cut-event check)",
    import: {
      "packages/stream/dist/index.js": "{ crayonSSEAdapter }",
      "packages/stream/dist/converters/ag-ui.js": "*",
    },
    limit: "4.95 kB",
    gzip: true,
  },
  {
    name: "root + @crayonai/stream/converters/vercel (both directions; every UIMessage part kind and tool state; a reasoning part's duration takes it 1 B over the 7.75 kB it had without); 0.05 kB decodes a chunk of many events as they are read, 64K characters at a time, not all in one task",
    import: {
      "packages/stream/dist/index.js": "{ crayonSSEAdapter }",
      "packages/stream/dist/converters/vercel.js": "*",
    },
    limit: "7.81 kB",
    gzip: true,
  },
  {
    name: "root + @crayonai/stream/converters/open-responses (both directions: every input and output item kind, approvals, reasoning, citations; malformed and repeated items reported: 4.9 kB over the root); 0.05 kB decodes a chunk of many events as they are read, 64K characters at a time, not all in one task",
    import: {
      "packages/stream/dist/index.js": "{ crayonSSEAdapter }",
      "packages/stream/dist/converters/open-responses.js": "*",
    },
    limit: "9.13 kB",
    gzip: true,
  },
  {
    name: "root + @crayonai/stream/backends/ag-ui (adapter + converter + request; +0.5 kB resumeStream/stopStream); 0.05 kB decodes a chunk of many events as they are read, 64K characters at a time, not all in one task",
    import: {
      "packages/stream/dist/index.js": "{ crayonSSEAdapter }",
      "packages/stream/dist/backends/ag-ui.js": "*",
    },
    limit: "8.06 kB",
    gzip: true,
  },
  {
    name: "root + @crayonai/stream/backends/vercel (adapter + converter + request; +0.5 kB resumeStream/stopStream; the request reported to the debug channel's traceRequest 0.01 kB), loaded at start (the data stream decoder comes on demand); 0.05 kB decodes a chunk of many events as they are read, 64K characters at a time, not all in one task",
    import: {
      "packages/stream/dist/index.js": "{ crayonSSEAdapter }",
      "packages/stream/dist/backends/vercel.js": "*",
    },
    limit: "10.37 kB",
    gzip: true,
    modifyEsbuildConfig: loadedAtStart,
  },
  {
    name: "root + @crayonai/stream/backends/openai (adapter + converter + request; +0.05 kB with the cut-event check, +0.45 kB resumeStream/stopStream)",
    import: {
      "packages/stream/dist/index.js": "{ crayonSSEAdapter }",
      "packages/stream/dist/backends/openai.js": "*",
    },
    limit: "8.25 kB",
    gzip: true,
  },
  {
    name: "root + @crayonai/stream/backends/open-responses (adapter + converter + request: strict tools, the input the API accepts, previous_response_id; +0.45 kB resumeStream/stopStream)",
    import: {
      "packages/stream/dist/index.js": "{ crayonSSEAdapter }",
      "packages/stream/dist/backends/open-responses.js": "*",
    },
    limit: "13.1 kB",
    gzip: true,
  },
  {
    name: "@crayonai/stream/adapters/auto (bundles every adapter; the Open Responses adapter added 0.8 kB)",
    path: "packages/stream/dist/adapters/auto.js",
    import: "*",
    limit: "13.35 kB",
    gzip: true,
  },
  {
    name: "@crayonai/stream/accumulator, createMessageAccumulator (incl. immutable-json-patch, 1.4 kB, and the event and message guards that keep it atomic; 0.3 kB of them keep every listed message valid; 0.12 kB is the copy-on-write list as its own module; the applier is passed in, so react-core can load it on demand; a reasoning-end's own duration 0.03 kB)",
    path: "packages/stream/dist/accumulator.js",
    import: "{ createMessageAccumulator }",
    limit: "6.18 kB",
    gzip: true,
  },
  {
    name: "@crayonai/react-core useChat, headless (React external; zustand, the engine, and validation from @crayonai/stream), loaded at start: target 12 kB. Loaded later with import(): reading a reply (the reader, the accumulator, the Crayon SSE adapter with eventsource-parser, the reconnecting connection) when a reply starts, its request going out meanwhile; the JSON Patch applier on the first patch; the reconnecting body with a reply when resumeStream is set; regenerate, edit and answer once a thread has messages; answering client tools when a reply ends in an app whose tools answer. Thread search and recency groups are in useThreadGroups, not here",
    path: "packages/react-core/dist/index.js",
    import: "{ useChat }",
    ignore: ["react", "react-dom", "react/jsx-runtime"],
    limit: "12 kB",
    gzip: true,
    modifyEsbuildConfig: loadedAtStart,
  },
  {
    name: "@crayonai/react-core/vanilla createChat, the engine without React, loaded at start (what is loaded later: as for useChat): target 11 kB, plus the debug channel 0.13 kB (its listeners, and the calls a reply makes to its trace while one listens; what reports loads only then; titles, previews and search read markdown as plain text with the one function @crayonai/stream/text shares with react-ui and the server, 0.13 kB more than react-core's own rougher copy: tables read as cells, snake_case kept; the thread's coordinator in two files, its reply half a base class, 0.03 kB; previews and titles that read only a long reply's start, and one stop listener per reply, 0.07 kB: a 20 MB reply's end no longer reads it whole for its preview)",
    path: "packages/react-core/dist/vanilla.js",
    import: "{ createChat }",
    limit: "11.3 kB",
    gzip: true,
    modifyEsbuildConfig: loadedAtStart,
  },
  {
    name: "@crayonai/server/sse, the Crayon SSE encoder with the event names it takes from @crayonai/stream (crayonSSEEventName and the adapter's decoder table it checks against), what a backend or a browser faking one loads (was @crayonai/stream/server, 1.80 kB)",
    path: "packages/server/dist/sse.js",
    import: "*",
    limit: "2 kB",
    gzip: true,
  },
  {
    name: "@crayonai/react-ui CrayonChat without react, react-core and stream (markdown, GFM, sanitising, healing, auto-scroll, windowed list: @tanstack/react-virtual is 10.1 kB of it; GFM by its parser half only; the send queue's QueuedMessages 0.76 kB; the thread list's search, groups, times and keys 0.61 kB; useScrollToMessage's handle 0.1 kB; skipping the rows a fling passes 0.2 kB; following the end as rows are measured 0.07 kB; a refusal's label and telling hosted tool results apart 0.54 kB; measured as an ES module, which reads 0.3 kB more than before; MCP Apps' glue 0.5 kB: the mcpApps provider and the import() of its gate, rows kept for a live app's frame, the label of a message an app sent, apps' model context sent with the next message; 0.8 kB of surfaces that worked in one place only: the thread list as one Tab stop with arrow keys, F2 and the context-menu key, its per-row menu for touch screens, the skip link to the composer, failed and waiting replies without an action row, a decided call's labelled arguments, the announcement reading tables as cells; 2.96 kB of localisation: the English message catalogue every text comes from, its provider, and numbers, plurals, sizes, durations and thread times written with Intl in the chat's locale); the highlighter, the hosted tool cards and MCP Apps are separate chunks, loaded when the first code block, server-run tool or MCP App tool call shows; other languages' catalogues are entries of their own",
    path: "packages/react-ui/dist/index.js",
    import: "{ CrayonChat }",
    ignore: [
      "react",
      "react-dom",
      "react/jsx-runtime",
      "@crayonai/react-core",
      "@crayonai/stream",
      "prism-react-renderer",
    ],
    limit: "109.81 kB",
    gzip: true,
    modifyEsbuildConfig: loadedAtStart,
  },
  {
    name: "@crayonai/react-ui hosted tool cards chunk (web and file search, code interpreter, image generation, MCP: the Open Responses tools a server runs), loaded when the first one shows; with their English texts (0.29 kB with the catalogue's keys and the locale's formats)",
    path: "packages/react-ui/dist/HostedToolUI-*.js",
    import: "*",
    ignore: ["react", "react/jsx-runtime"],
    limit: "2.29 kB",
    gzip: true,
    modifyEsbuildConfig: chunkAlone,
  },

  {
    name: "@crayonai/react-ui MCP Apps gate chunk (the tool list, which calls have an app, an Open Responses mcp_call's state, a part's own sandbox proxy 0.02 kB), loaded with the first tool call of a chat with mcpApps",
    path: "packages/react-ui/dist/McpAppGate-*.js",
    import: "*",
    ignore: ["react", "react/jsx-runtime"],
    limit: "1.37 kB",
    gzip: true,
    modifyEsbuildConfig: (config) => loadedAtStart(chunkAlone(config)),
  },
  {
    name: "@crayonai/react-ui MCP App card chunk without the ext-apps bridge (the sandboxed frame, its policy, the host side of the protocol; showing the app through a sandbox proxy on another origin, 0.49 kB: checking its URL, waiting for it to be ready, hearing its origin only; its English texts, 0.21 kB with their keys), loaded with the first MCP App tool call; the bridge (@modelcontextprotocol/ext-apps/app-bridge with zod) comes with it, 59 kB in a Vite build",
    path: "packages/react-ui/dist/McpAppView-*.js",
    import: "*",
    ignore: ["react", "react/jsx-runtime", "@modelcontextprotocol/ext-apps/app-bridge"],
    limit: "7 kB",
    gzip: true,
    modifyEsbuildConfig: (config) => loadedAtStart(chunkAlone(config)),
  },

  {
    name: "@crayonai/react-ui/locales/ar, the Arabic catalogue (every text, six plural forms): only an app that imports it loads it",
    path: "packages/react-ui/dist/locales/ar.js",
    import: "{ ar }",
    limit: "3.35 kB",
    gzip: true,
  },
  {
    name: "@crayonai/react-ui code highlighter chunk (prism-react-renderer: Prism with its bundled languages), loaded on the first code block with a language",
    path: "packages/react-ui/node_modules/prism-react-renderer/dist/index.mjs",
    import: "{ Prism, normalizeTokens }",
    ignore: ["react", "react/jsx-runtime"],
    limit: "26 kB",
    gzip: true,
  },
  {
    name: "@crayonai/stream's JSON Patch applier (immutable-json-patch and the RFC 6902 checks), loaded by react-core on a reply's first state or activity patch",
    path: "packages/stream/dist/jsonPatchDocument-*.js",
    limit: "1.65 kB",
    gzip: true,
  },
  {
    name: "@crayonai/react-core useChat with every module it may load later (the JSON Patch applier, the reconnecting body, answering client tools, the history revisions; reading a reply; each module loaded later costs its import() wrapper here; a stop sent before the first byte asked again 0.03 kB; a reply followed once a thread loads tried again after a 503 or a dropped connection, and a history showing a reply streaming that no longer runs read again, 0.15 kB; the debug channel's hooks in reading a reply, 0.25 kB: its events, the failure's cause, the response and wire; without the channel's own chunk, which only a chat with a listener loads: budgeted on its own below; the plain text of markdown from @crayonai/stream/text, 0.17 kB more than react-core's own copy; events that arrive together read in tasks of about 25 ms, and bounded previews, 0.22 kB: a 20 MB reply's longest task went from seconds to under half a second); 0.25 kB: a chunk of 50,000 events decoded and read over several tasks (a new task told by a message, not by a 4 ms pause), and the reconnecting body's bytes handed on without being encoded again: the tiny-50k bench's longest task, profiled at load 9, went from 330–1,086 ms to 193–277 ms; 0.01 kB: a timer instead where there is no MessageChannel (Jest's jsdom)",
    path: "packages/react-core/dist/index.js",
    import: "{ useChat }",
    ignore: ["react", "react-dom", "react/jsx-runtime"],
    limit: "23.15 kB",
    gzip: true,
    modifyEsbuildConfig: withoutDebugChunk,
  },
  {
    name: "@crayonai/react-core's debug channel chunk (what a reply reports with, and @crayonai/stream/wire's frame reader), loaded only when a reply starts while the debug channel has a listener (the inspector open); the index and vanilla builds each have one, both counted here (about 1 kB each)",
    path: "packages/react-core/dist/replyTracing-*.js",
    ignore: ["eventsource-parser"],
    limit: "2.05 kB",
    gzip: true,
    modifyEsbuildConfig: chunkAlone,
  },
];
