// `npm test`: the whole suite (Node and workerd projects), then the one plain summary line CI
// reads: `N passed, N failed`.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { exitFlushed } from "./exit.ts";

const root = new URL("../", import.meta.url).pathname;
// One report per run: two runs at once must not read each other's counts.
const report = join(root, ".edge-gym", `test-report-${process.pid}.json`);
mkdirSync(join(root, ".edge-gym"), { recursive: true });
rmSync(report, { force: true });

const run = spawnSync("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
});

let passed = 0;
let failed = 0;
try {
  const results = JSON.parse(readFileSync(report, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    testResults: Array<{ status: string; assertionResults: Array<{ status: string }> }>;
  };
  passed = results.numPassedTests;
  // A file that failed with none of its tests failing (it did not load, or a beforeAll threw and
  // its tests were skipped) counts as one failure. (Vitest's numFailedTestSuites counts every
  // describe block above a failed test too, so it is not that.)
  const failedOutsideTests = results.testResults.filter((file) => file.status === "failed" && !file.assertionResults.some((t) => t.status === "failed")).length;
  failed = results.numFailedTests + failedOutsideTests;
} catch {
  failed = 1;
}
rmSync(report, { force: true });
console.log(`${passed} passed, ${failed} failed`);
await exitFlushed(run.status === 0 && failed === 0 && passed > 0 ? 0 : 1);
