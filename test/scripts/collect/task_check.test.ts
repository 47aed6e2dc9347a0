// collect checks every row against its environment's task fields before anything runs: a row
// without a field the environment needs is refused with its input line, and no rollout starts.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { collect } from "../../../scripts/collect/collect.ts";
import { bringUp } from "../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../scripts/stack/up.ts";

const AGENT = "example_session_state_mgmt_simple_agent";
let running: RunningStack;
const dir = mkdtempSync(join(tmpdir(), "edge-gym-task-check-"));

beforeAll(async () => {
  running = await bringUp({ headPort: 0, only: [AGENT] });
});
afterAll(async () => {
  await running?.stop();
});

const rows = readFileSync("workers/resources/example_session_state_mgmt/data/example.jsonl", "utf8").trim().split("\n").map((l) => JSON.parse(l));

test("a row missing a task field is refused with its line before any rollout; complete rows run", async () => {
  const input = join(dir, "bad.jsonl");
  const { expected_count: _dropped, ...incomplete } = rows[1];
  writeFileSync(input, [rows[0], incomplete, rows[2]].map((r) => JSON.stringify(r)).join("\n"));
  const output = join(dir, "bad_out.jsonl");
  await expect(collect({ headUrl: running.stack.headUrl, input, output, agent: AGENT, concurrency: 2, numRepeats: 1, rolloutTimeoutS: 60, progress: false })).rejects.toThrow(
    `${input}:2: expected_count: Invalid input: expected number, received undefined`,
  );
  expect(existsSync(output)).toBe(false);
  expect(existsSync(join(dir, "bad_out_materialized_inputs.jsonl"))).toBe(false);

  const good = join(dir, "good.jsonl");
  writeFileSync(good, rows.map((r) => JSON.stringify(r)).join("\n"));
  const summary = await collect({ headUrl: running.stack.headUrl, input: good, output: join(dir, "good_out.jsonl"), agent: AGENT, concurrency: 2, numRepeats: 1, rolloutTimeoutS: 60, progress: false });
  expect(summary).toMatchObject({ total: rows.length, failed: 0 });
});
