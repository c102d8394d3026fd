import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "stream",
    setupFiles: ["../../vitest.waits.ts"],
    environment: "node",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 20_000,
  },
});
