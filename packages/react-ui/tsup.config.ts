import { defineConfig, type Options } from "tsup";
import packageJson from "./package.json";

const shared: Options = {
  entry: { index: "src/index.ts" },
  dts: true,
  sourcemap: true,
  target: "es2022",
  // Components run on the client: the directive lets Next.js App Router server files import them.
  banner: { js: '"use client";' },
};

// The markdown pipeline (unified, remark, rehype, react-markdown, remend, …) and
// use-stick-to-bottom ship as ES modules only. Required from CommonJS they either fail (Jest,
// Node before 20.19) or arrive as namespace objects that unified refuses as plugins, so the
// CommonJS build carries its third-party dependencies inside. React and Crayon's own packages,
// which have CommonJS builds, stay shared with the app.
const thirdPartyDependencies = Object.keys(packageJson.dependencies).filter(
  (name) => !name.startsWith("@crayonai/"),
);

export default defineConfig([
  { ...shared, format: "esm" },
  { ...shared, format: "cjs", noExternal: thirdPartyDependencies },
]);
