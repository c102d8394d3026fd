import { defineConfig } from "tsup";

// `client` is bundled for browsers by the example apps, so it must stay free of Node modules;
// `index`, `vite` and `cli` run in Node. Dependencies stay external (tsup's default).
//
// `in-page` (the agent in a browser page, for the docs site's playground) is built on its own,
// for browsers, with the parts of `@crayonai/server` it uses (the thread routes, errors and
// limits) bundled in: the server's entries also reach the database and Redis drivers through
// `import()`s that every bundler follows. Marked external here, esbuild drops those imports
// with the code that is not used, so the page's bundler never sees them.
export default defineConfig([
  {
    entry: {
      index: "src/index.ts",
      client: "src/client.ts",
      vite: "src/vite.ts",
      cli: "src/cli.ts",
    },
    format: ["esm"],
    dts: true,
    sourcemap: true,
    // The other build writes in-page.*.
    clean: ["**/*", "!in-page.*"],
    splitting: true,
    target: "node20",
    platform: "node",
  },
  {
    entry: { "in-page": "src/inPage.ts" },
    format: ["esm"],
    dts: true,
    sourcemap: true,
    clean: ["in-page.*"],
    target: "es2022",
    platform: "browser",
    noExternal: ["@crayonai/server"],
    external: ["pg", "@electric-sql/pglite", "redis"],
  },
]);
