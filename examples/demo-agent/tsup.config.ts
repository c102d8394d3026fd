import { defineConfig } from "tsup";

// `client` is bundled for browsers by the example apps, so it must stay free of Node modules;
// `index`, `vite` and `cli` run in Node. Dependencies stay external (tsup's default).
export default defineConfig({
  entry: {
    index: "src/index.ts",
    client: "src/client.ts",
    vite: "src/vite.ts",
    cli: "src/cli.ts",
  },
  format: ["esm"],
  dts: true,
  sourcemap: true,
  clean: true,
  splitting: true,
  target: "node20",
  platform: "node",
});
