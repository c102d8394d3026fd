import { defineProject } from "vitest/config";

// The bench's own checks (the reply and its encoding), outside the package's test run:
//   npx vitest run --config packages/react-ui/bench/vitest.config.ts
export default defineProject({
  test: {
    name: "react-ui-bench",
    root: import.meta.dirname,
    environment: "node",
    include: ["*.test.ts"],
  },
});
