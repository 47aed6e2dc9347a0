// eval's closing table: an environment none of whose rollouts succeeded keeps its row, with "-"
// where a mean reward and pass@k would be: not a mean of 0, and not missing from the table.
import { expect, test } from "vitest";
import { unscored } from "../../../scripts/cli/eval.ts";
import { passAtKTable } from "../../../scripts/profile/table.ts";

test("an environment without a successful rollout is a row of '-'", () => {
  const scored = { name: "mcqa", tasks: 2, rollouts: 4, maxRollouts: 2, metrics: { "mean/reward": 0.5, "pass@1/accuracy": 50, "pass@2/accuracy": 100 } };
  const lines = passAtKTable([scored, { ...unscored("broken_simple_agent"), name: "broken" }], "environment").split("\n");
  expect(lines[2]).toMatch(/^mcqa\s+2\s+4\s+0\.500\s+50\.0\s+100\.0$/);
  expect(lines[3]).toMatch(/^broken\s+0\s+0\s+-\s+-\s+-$/);
});
