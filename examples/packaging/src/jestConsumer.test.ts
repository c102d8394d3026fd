import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, inject, it } from "vitest";
import { run } from "./run";

type JestReport = {
  numTotalTests: number;
  numPassedTests: number;
  testResults: { assertionResults: { title: string; status: string }[] }[];
};

// examples/jest-consumer installed from the packed packages: its own Jest run, as its user runs
// it (`npx jest`), must pass every test it has.
it("a Jest project (jsdom, Babel) renders CrayonChat from the packed packages", async () => {
  const consumerDir = inject("consumerDir");
  await run("npx", ["jest", "--ci", "--json", "--outputFile=jest-report.json"], consumerDir);
  const report = JSON.parse(readFileSync(join(consumerDir, "jest-report.json"), "utf8"));
  const { numTotalTests, numPassedTests, testResults } = report as JestReport;
  expect(numPassedTests).toBe(numTotalTests);
  expect(testResults.flatMap((file) => file.assertionResults.map((test) => test.title))).toEqual(
    expect.arrayContaining([
      "CrayonChat shows the reply the backend streams",
      "CrayonChat renders a thread's markdown from a hand-built chat",
    ]),
  );
});
