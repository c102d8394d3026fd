import { defineConfig } from "tsup";

// One entry per public subpath, so an app loads only what it uses: `sse` (the Crayon SSE encoder,
// web-standard APIs only: browser code that fakes a backend imports it too), `resumable` (no
// database driver; `redis` is imported when a Redis store connects) and `threads` (the store and
// its routes: `pg` and PGlite are imported when a database is first used). The root re-exports
// the three, and so loads no driver either. `mcp` (MCP Apps: the MCP clients and their routes)
// needs the optional `@modelcontextprotocol/client` and is not re-exported by the root.
export default defineConfig({
  entry: {
    index: "src/index.ts",
    sse: "src/sse/crayonSSEEncoder.ts",
    resumable: "src/resumable/index.ts",
    threads: "src/threads/index.ts",
    mcp: "src/mcp/index.ts",
  },
  format: ["esm", "cjs"],
  dts: true,
  sourcemap: true,
  clean: true,
  splitting: true,
  treeshake: true,
  target: "es2022",
  platform: "node",
});
