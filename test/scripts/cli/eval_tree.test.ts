// `edge-gym eval` as NeMo Gym's `gym eval` tree: `eval run` is the eval, a bare `eval` still is,
// and every subcommand's usage is one `--help` away.
import { spawnSync } from "node:child_process";
import { expect, test } from "vitest";

const cli = (...args: string[]) => spawnSync(process.execPath, ["scripts/edge-gym.ts", ...args], { encoding: "utf8", timeout: 60_000 });

test("a bare eval and eval run are the same command: the same flags, the same refusals", () => {
  const bare = cli("eval", "--resume");
  const run = cli("eval", "run", "--resume");
  expect(bare.status).toBe(2);
  expect(run.status).toBe(2);
  expect(bare.stderr).toMatch(/eval --resume needs --output-dir/);
  expect(run.stderr).toBe(bare.stderr);
});

test("eval --help lists run, reverify, aggregate, health-check and profile with their options", () => {
  for (const argv of [["eval", "--help"], ["eval", "reverify", "--help"]]) {
    const result = cli(...argv);
    expect(result.status).toBe(0);
    for (const usage of [/eval \[run\] \[--config/, /eval reverify --inputs .*--judge-failed-only/, /eval aggregate --input-glob/, /eval health-check RUN_DIR/, /eval profile --inputs .*--allow-partial-rollouts/]) expect(result.stdout).toMatch(usage);
  }
});
