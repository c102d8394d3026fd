import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "demo-ui",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
  },
});
