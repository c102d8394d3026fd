import { defineConfig } from "tsup";

// One entry: the store, its two databases and the routes. `pg` and PGlite are imported when a
// database is first used, so loading the package loads neither.
export default defineConfig({
  entry: { index: "src/index.ts" },
  format: ["esm", "cjs"],
  dts: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  target: "es2022",
  platform: "node",
});
