// `edge-gym eval` (npm start) stopped by Ctrl+C: it says what finished and the exact command that
// goes on, and that command (`--resume` in the same output folder) runs exactly what is missing:
// nothing lost, nothing run twice; its results carry their durations and its index links the
// report. A cohort size the repeats cannot fill is refused before any server starts.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { expect, test } from "vitest";

const CLI = join(import.meta.dirname, "../../../scripts/edge-gym.ts");
const ROOT = join(import.meta.dirname, "../../..");
const lines = (path: string) => (existsSync(path) ? readFileSync(path, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l)) : []);

test("Ctrl+C says what finished and how to go on; eval --resume runs only the missing rollouts", async () => {
  const out = mkdtempSync(join(tmpdir(), "edge-gym-eval-resume-"));
  const args = ["--environment", "example_single_tool_call", "--num-repeats", "40", "--concurrency", "1", "--output-dir", out];
  const rollouts = join(out, "example_single_tool_call_simple_agent.jsonl");
  const child = spawn(process.execPath, [CLI, "eval", ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  child.stderr!.resume();
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  while (lines(rollouts).length < 5) await new Promise((r) => setTimeout(r, 20));
  child.kill("SIGINT");
  expect(await exited).toBe(130);

  const done = lines(rollouts).length;
  expect(done).toBeLessThan(200);
  expect(stdout).toContain(`Interrupted. Finished: none; example_single_tool_call stopped with ${200 - done} of 200 rollouts to go.`);
  const command = /Go on with \(what is done is not run again\):\n {2}(.+)\n/.exec(stdout)?.[1];
  expect(command).toBe(`npx edge-gym eval --environment example_single_tool_call --num-repeats 40 --concurrency 1 --output-dir ${out} --resume`);

  const resumed = spawnSync(process.execPath, [CLI, ...command!.split(" ").slice(2)], { cwd: ROOT, encoding: "utf8", timeout: 300_000 });
  expect(resumed.status, resumed.stderr).toBe(0);
  const all = lines(rollouts);
  expect(all).toHaveLength(200);
  expect(new Set(all.map((r) => `${r._ng_task_index}/${r._ng_rollout_index}`)).size).toBe(200);
  expect(lines(join(out, "example_single_tool_call_simple_agent_failures.jsonl"))).toEqual([]);
  // Every result carries its wall time (the report's duration chart); the eval's index links its report.
  expect(all.filter((r) => !Number.isInteger(r._eg_duration_ms) || r._eg_duration_ms < 0)).toEqual([]);
  expect(resumed.stdout).toContain(`Index of the reports: ${relative(ROOT, join(out, "index.html"))}\n`);
  expect(readFileSync(join(out, "index.html"), "utf8")).toContain('<a href="example_single_tool_call_simple_agent_report.html">example_single_tool_call</a>');
  // NeMo's automatic health check of the one dataset, its reports in the run folder; no trajectory
  // is attached to our rollouts, so none is found healthy or unhealthy (NeMo's "unobserved").
  expect(resumed.stdout).toContain("Rollout health: 200 checked, 0 healthy, 0 unhealthy, 200 unobserved\n");
  expect(resumed.stdout).toContain(`Quality summary: ${join(out, "quality_summary.json")}\n`);
  expect(lines(join(out, "rollout_verdicts.jsonl"))).toHaveLength(200);
});

test("a cohort the repeats cannot fill is refused before any server starts: one line, exit 2", () => {
  const key = "genrm_compare_resources_server.resources_servers.genrm_compare.num_rollouts_per_prompt";
  const refused = spawnSync(process.execPath, [CLI, "eval", "--environment", "genrm_compare", "--num-repeats", "2", `++${key}=16`], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
  expect(refused.status).toBe(2);
  expect(refused.stdout).not.toContain("All servers ready");
  expect(refused.stderr).toBe(
    `edge-gym: genrm_compare_resources_server (agent genrm_simple_agent) scores 16 rollouts of the same prompt together (${key}: 16), but this run sends 2 of a prompt: ` +
      `they would wait for the rest until cohort_timeout_s and fail. Run --num-repeats 16 (or a multiple), or start the stack with ++${key}=2\n`,
  );
});

test("eval --resume without --output-dir says which folder it needs", () => {
  const refused = spawnSync(process.execPath, [CLI, "eval", "--resume"], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
  expect(refused.status).toBe(2);
  expect(refused.stderr).toBe("edge-gym: eval --resume needs --output-dir DIR: the folder of the run to go on with\n");
});
