import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "react-ui",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["../../vitest.waits.ts", "src/testing/setup.ts"],
    testTimeout: 20_000,
  },
});
