import { defineConfig } from "tsup";

// One entry per public subpath: an app that only uses the AG-UI adapter never
// downloads the Vercel one.
export const entry = {
  index: "src/index.ts",
  "adapters/crayon": "src/adapters/crayonSSEAdapter.ts",
  "adapters/ag-ui": "src/adapters/agUIAdapter.ts",
  "adapters/vercel": "src/adapters/vercelAIAdapter.ts",
  "adapters/plain-text": "src/adapters/plainTextSSEAdapter.ts",
  "adapters/text": "src/adapters/textStreamAdapter.ts",
  "adapters/openai": "src/adapters/openAIChatAdapter.ts",
  "adapters/auto": "src/adapters/autoAdapter.ts",
  "converters/identity": "src/converters/identityConverter.ts",
  "converters/openai": "src/converters/openAIMessageConverter.ts",
  "converters/ag-ui": "src/converters/agUIMessageConverter.ts",
  "converters/vercel": "src/converters/vercelUIMessageConverter.ts",
  "backends/ag-ui": "src/backends/agUIBackend.ts",
  "backends/vercel": "src/backends/vercelAIBackend.ts",
  "backends/openai": "src/backends/openAIBackend.ts",
  accumulator: "src/accumulator/messageAccumulator.ts",
  ids: "src/ids/index.ts",
  server: "src/server/crayonSSEEncoder.ts",
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
