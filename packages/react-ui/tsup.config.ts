import { defineConfig, type Options } from "tsup";
import packageJson from "./package.json";

const shared: Options = {
  // The inspector is an entry of its own (dev-only): an app that does not import it gets none.
  // So is each locale's catalogue but English (bundled, the default): an app downloads only the
  // one it imports.
  entry: {
    index: "src/index.ts",
    inspector: "src/inspector/index.ts",
    "locales/ar": "src/locale/ar.ts",
  },
  dts: true,
  sourcemap: true,
  target: "es2022",
  // Components run on the client: the directive lets Next.js App Router server files import them.
  banner: { js: '"use client";' },
  // Texts as written (the Arabic catalogue, "…"), not as \u escapes three times their size.
  esbuildOptions(options) {
    options.charset = "utf8";
  },
};

// The markdown pipeline (unified, remark, rehype, react-markdown, remend, …) and
// use-stick-to-bottom ship as ES modules only. Required from CommonJS they either fail (Jest,
// Node before 20.19) or arrive as namespace objects that unified refuses as plugins, so the
// CommonJS build carries its third-party dependencies inside. React and Crayon's own packages,
// which have CommonJS builds, stay shared with the app.
// The MCP Apps host (the ext-apps bridge, with zod) is the exception: it stays a `require` that
// runs only when the first MCP App shows, rather than half a megabyte inside every CommonJS load.
const thirdPartyDependencies = Object.keys(packageJson.dependencies).filter(
  (name) =>
    !name.startsWith("@crayonai/") && !name.startsWith("@modelcontextprotocol/") && name !== "zod",
);

export default defineConfig([
  { ...shared, format: "esm" },
  { ...shared, format: "cjs", noExternal: thirdPartyDependencies },
]);
