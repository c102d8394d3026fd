import { defineProject } from "vitest/config";

// React 19 (the installed `react` / `react-dom`). `vitest.react18.config.ts` runs the same test
// files against React 18.
export default defineProject({
  test: {
    name: "react-core",
    setupFiles: ["../../vitest.waits.ts"],
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}", "test/**/*.test.{ts,tsx}"],
    testTimeout: 20_000,
    provide: { reactMajor: "19" },
  },
});
