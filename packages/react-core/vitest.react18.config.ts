import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";

// The same test files as `vitest.config.ts`, run against React 18 (installed as `react-18` and
// `react-dom-18`): every import of `react` and `react-dom` (and their subpaths) is redirected, in
// the tests, in this package and in the dependencies that use React.
const require = createRequire(import.meta.url);
/** `react/jsx-runtime` → the file of `react-18/jsx-runtime`. */
const resolve18 = (id: string) => require.resolve(id.replace(/^react/, "react-18"));
const reactId = /^react(\/.*)?$/;
const packageDir = (name: string) =>
  fileURLToPath(new URL(`./node_modules/${name}`, import.meta.url));

const facade = "\0react-18-facade:";

/**
 * Keeps React out of the pre-bundled dependencies (one copy, shared with the tests) and points
 * their imports of it at React 18. A `require("react")` becomes an ESM import of React 18 behind a
 * CommonJS facade, as Vite does for its own externals.
 */
function react18External() {
  const files = new Set<string>();
  return {
    name: "react-18-external",
    resolveId(id: string, _importer: string | undefined, options: { kind?: string }) {
      if (files.has(id)) return { id, external: "absolute" as const };
      if (!reactId.test(id)) return null;
      const file = resolve18(id);
      files.add(file);
      if (options.kind === "require-call") return { id: facade + file };
      return { id: file, external: "absolute" as const };
    },
    load(id: string) {
      if (!id.startsWith(facade)) return null;
      const file = id.slice(facade.length);
      return `import * as m from ${JSON.stringify(file)};\nmodule.exports = { ...m };\n`;
    },
  };
}

// `react-dom-18` and `@testing-library/react` are CommonJS; loaded by Node, their
// `require("react")` would find React 19. Pre-bundling them lets the redirection below apply.
const optimizer = {
  enabled: true,
  include: [
    "react-dom",
    "react-dom/client",
    "react-dom/server",
    "react-dom/test-utils",
    "@testing-library/react",
    "zustand",
  ],
  rolldownOptions: { plugins: [react18External()] },
};

export default defineProject({
  resolve: {
    alias: [
      { find: /^react(?=\/|$)/, replacement: packageDir("react-18") },
      { find: /^react-dom(?=\/|$)/, replacement: packageDir("react-dom-18") },
    ],
  },
  test: {
    name: "react-core-react18",
    setupFiles: ["../../vitest.waits.ts"],
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}", "test/**/*.test.{ts,tsx}"],
    testTimeout: 20_000,
    provide: { reactMajor: "18" },
    deps: { optimizer: { client: optimizer, ssr: optimizer } },
  },
});
