import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "server",
    setupFiles: ["../../vitest.waits.ts"],
    environment: "node",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // PGlite takes seconds to start on a busy machine, and a real Postgres is started per file.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
