import { resolve } from "node:path";
import { defineConfig } from "vitest/config";

// The long thread's fling tests count the rows drawn in the frames of a scroll: they run last,
// alone, so a second file's rendering never takes those frames.
const alone = ["src/longThread.e2e.test.ts"];

// Browser tests against the built examples. Each file serves its example on a free loopback
// port, so two files run side by side, one per core: the suite took 779 s that way against
// 1,020 s one file at a time, and every test already has to pass with two copies of the suite
// sharing the machine (see the README's testing section).
export default defineConfig({
  test: {
    root: import.meta.dirname,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    reporters: ["default", "json"],
    // Next to the unit tests' report, where the root test command sums them up.
    outputFile: { json: resolve(import.meta.dirname, "../../test-results/e2e.json") },
    projects: [
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["src/**/*.e2e.test.ts"],
          exclude: alone,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: "e2e alone", include: alone, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
