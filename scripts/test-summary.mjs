// Prints vitest's totals as one plain closing line ("tests: N passed, N failed, N skipped"),
// the form CI systems and people can read without knowing vitest's own output. Given several
// JSON reports (unit and end-to-end), it adds them up.
import { readFileSync } from "node:fs";

const files = process.argv.length > 2 ? process.argv.slice(2) : ["test-results/vitest.json"];
const totals = { passed: 0, failed: 0, skipped: 0, success: true };
for (const file of files) {
  const report = JSON.parse(readFileSync(file, "utf8"));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  totals.success &&= report.success;
}
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || !totals.success ? 1 : 0);
