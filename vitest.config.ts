import { defineConfig } from "vitest/config";

// One vitest project per package, so each runs in the environment it targets
// (the stream package never sees a DOM).
export default defineConfig({
  test: {
    projects: [
      "packages/*/vitest.config.ts",
      "packages/*/vitest.react18.config.ts",
      "examples/*/vitest.config.ts",
    ],
  },
});
