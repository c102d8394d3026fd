import { defineConfig } from "tsup";

// One entry per public subpath, each a folder's index (the Crayon adapter and the identity
// converter are the root's): an app that only uses the AG-UI adapter never downloads the
// Vercel one. The deprecated `./server` and `./server/resumable` are not built: they are the
// hand-written re-exports of `@crayonai/server` in `deprecated/`, which is built after this
// package (it depends on it).
export const entry = {
  index: "src/index.ts",
  "adapters/ag-ui": "src/adapters/ag-ui/index.ts",
  "adapters/vercel": "src/adapters/vercel/index.ts",
  "adapters/plain-text": "src/adapters/plain-text/index.ts",
  "adapters/text": "src/adapters/text/index.ts",
  "adapters/openai": "src/adapters/openai/index.ts",
  "adapters/open-responses": "src/adapters/open-responses/index.ts",
  "adapters/auto": "src/adapters/auto/index.ts",
  "converters/openai": "src/converters/openai/index.ts",
  "converters/ag-ui": "src/converters/ag-ui/index.ts",
  "converters/vercel": "src/converters/vercel/index.ts",
  "converters/open-responses": "src/converters/open-responses/index.ts",
  "backends/crayon": "src/backends/crayon/index.ts",
  "backends/ag-ui": "src/backends/ag-ui/index.ts",
  "backends/vercel": "src/backends/vercel/index.ts",
  "backends/openai": "src/backends/openai/index.ts",
  "backends/open-responses": "src/backends/open-responses/index.ts",
  accumulator: "src/accumulator/index.ts",
  ids: "src/ids/index.ts",
  "mcp-apps": "src/mcp-apps/index.ts",
  text: "src/text/index.ts",
  wire: "src/wire/index.ts",
};

export default defineConfig({
  entry,
  format: ["esm", "cjs"],
  dts: true,
  sourcemap: true,
  clean: true,
  splitting: true,
  treeshake: true,
  target: "es2022",
});
