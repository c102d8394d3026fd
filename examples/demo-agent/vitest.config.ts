import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "demo-agent",
    setupFiles: ["../../vitest.waits.ts"],
    environment: "node",
    include: ["src/**/*.test.ts"],
    testTimeout: 20_000,
  },
});
