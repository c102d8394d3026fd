import { resolve } from "node:path";
import { defineConfig } from "vitest/config";

// Runs after the build: packs the packages once (globalSetup), installs them into a copy of the
// Jest consumer project as a user would, then loads them from there.
export default defineConfig({
  test: {
    name: "packaging",
    root: import.meta.dirname,
    include: ["src/**/*.test.ts"],
    globalSetup: ["src/consumerProject.ts"],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 300_000,
    reporters: ["default", "json"],
    // Next to the unit tests' report, where the root test command sums them up.
    outputFile: { json: resolve(import.meta.dirname, "../../test-results/packaging.json") },
  },
});
