import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "demo-agent",
    environment: "node",
    include: ["src/**/*.test.ts"],
    testTimeout: 20_000,
  },
});
