import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts" },
  format: ["esm", "cjs"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "es2022",
  // Components run on the client: the directive lets Next.js App Router server files import them.
  banner: { js: '"use client";' },
});
