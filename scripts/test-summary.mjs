// Prints vitest's totals as one plain closing line ("tests: N passed, N failed, N skipped"),
// the form CI systems and people can read without knowing vitest's own output.
import { readFileSync } from "node:fs";

const report = JSON.parse(readFileSync(process.argv[2] ?? "test-results/vitest.json", "utf8"));
const skipped = report.numPendingTests + report.numTodoTests;
console.log(
  `tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`,
);
process.exit(report.numFailedTests > 0 || !report.success ? 1 : 0);
