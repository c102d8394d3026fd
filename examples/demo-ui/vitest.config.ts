import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "demo-ui",
    setupFiles: ["../../vitest.waits.ts"],
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
  },
});
