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
  // The test kit: never in an app bundle.
  { ...shared, entry: { testing: "src/testing/index.ts" } },
]);
