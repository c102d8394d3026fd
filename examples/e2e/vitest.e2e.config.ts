import { resolve } from "node:path";
import { defineConfig } from "vitest/config";

// Browser tests against the built examples, one file at a time: each file serves its example
// on a free loopback port, but timing-sensitive steps (stop mid-stream, frames of a fling) must
// not compete with each other on a two-core machine.
export default defineConfig({
  test: {
    name: "e2e",
    root: import.meta.dirname,
    include: ["src/**/*.e2e.test.ts"],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    reporters: ["default", "json"],
    // Next to the unit tests' report, where the root test command sums them up.
    outputFile: { json: resolve(import.meta.dirname, "../../test-results/e2e.json") },
  },
});
