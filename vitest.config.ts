import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// One vitest project per package, so each runs in the environment it targets
// (the stream package never sees a DOM).
export default defineConfig({
  test: {
    // Vitest's default for `run` is one worker fewer than the cores: on CI's two cores that is a
    // single worker, and much of the suite waits on servers, Redis and timers rather than
    // computing. One worker per core took the suite from 556 s to 360 s there.
    maxWorkers: availableParallelism(),
    projects: [
      "packages/*/vitest.config.ts",
      "packages/*/vitest.react18.config.ts",
      "examples/*/vitest.config.ts",
    ],
  },
});
