import { defineConfig } from "tsup";

// One entry per public subpath: the root (the store, its two databases and the routes: `pg` and
// PGlite are imported when a database is first used, so loading the package loads neither) and
// `mcp` (MCP Apps: the MCP clients and their routes), which needs the optional
// `@modelcontextprotocol/client` and is not re-exported by the root.
export default defineConfig({
  entry: { index: "src/index.ts", mcp: "src/mcp/index.ts" },
  format: ["esm", "cjs"],
  dts: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  target: "es2022",
  platform: "node",
});
