import { defineConfig, type Options } from "tsup";

const shared: Options = {
  format: ["esm", "cjs"],
  dts: true,
  sourcemap: true,
  target: "es2022",
};

export default defineConfig([
  {
    ...shared,
    entry: { index: "src/index.ts" },
    // Hooks run on the client: the directive lets Next.js App Router server files import them.
    banner: { js: '"use client";' },
  },
  // The framework-free engine: no React, no directive; runs in Node, workers and tests.
  { ...shared, entry: { vanilla: "src/vanilla.ts" } },
  // The test kit: never in an app bundle. It writes replies with the Crayon SSE encoder of
  // `@crayonai/server/sse`, bundled in (a few hundred bytes), so that a project's tests need
  // neither `@crayonai/server` nor the database driver it comes with.
  {
    ...shared,
    entry: { testing: "src/testing/index.ts" },
    noExternal: [/^@crayonai\/server(\/|$)/],
  },
]);
