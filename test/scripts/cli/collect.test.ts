// `edge-gym collect` as a process: NeMo Gym's spellings, one-line usage errors, and Ctrl+C:
// dispatching stops, rollouts in flight finish and are written, and the printed command resumes.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { resumeCommand } from "../../../scripts/cli/collect.ts";
import { startFakeAgent } from "../collect/fake_agent.ts";
import type { FakeAgent } from "../collect/fake_agent.ts";

const CLI = "scripts/edge-gym.ts";
const dir = mkdtempSync(join(tmpdir(), "edge-gym-collect-cli-"));
const readJsonl = (path: string) => (existsSync(path) ? readFileSync(path, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l)) : []);

/** Runs the CLI without blocking: the scripted agent answers from this very process. */
function cli(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, "collect", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.once("close", (status) => resolve({ status, stdout, stderr })));
}

let agent: FakeAgent;
beforeAll(async () => {
  agent = await startFakeAgent({ delayMs: 150 });
});
afterAll(async () => {
  await agent.close();
});

function inputFile(name: string, rows: number) {
  const path = join(dir, `${name}.in.jsonl`);
  writeFileSync(path, Array.from({ length: rows }, (_, i) => JSON.stringify({ responses_create_params: { input: `task ${i}` }, id: `t${i}`, score: i % 2 })).join("\n"));
  return path;
}

describe("edge-gym collect", () => {
  test("NeMo Gym's spellings work unchanged", async () => {
    const output = join(dir, "nemo.jsonl");
    const before = agent.runs.length;
    const run = await cli("--head-url", agent.url,
      `+input_jsonl_fpath=${inputFile("nemo", 5)}`, `+output_jsonl_fpath=${output}`, "+agent_name=fake_agent",
      "+limit=3", "+num_repeats=2", "+num_samples_in_parallel=4", "+responses_create_params.temperature=0.3", "++responses_create_params.max_output_tokens=99");
    expect(run.stderr).not.toMatch(/edge-gym:/);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("6/6 rollouts, mean reward 0.333, 0 failed");
    expect(run.stdout).toContain(`aggregate metrics:   ${join(dir, "nemo_aggregate_metrics.json")}`);
    expect(readJsonl(output)).toHaveLength(6);
    expect(agent.runs.slice(before).every((r) => r.responses_create_params.temperature === 0.3 && r.responses_create_params.max_output_tokens === 99)).toBe(true);
  });

  test("usage errors are one line and exit 2", async () => {
    const input = inputFile("usage", 1);
    const cases: [string[], RegExp][] = [
      [["--input", input, "--output", "o.jsonl", "+input_jsonl_fpath=other.jsonl"], /--input is given twice, with different values/],
      [["--input", input, "--output", "o.jsonl", "+num_samples_in_paralel=4"], /unknown option \+num_samples_in_paralel=4 \(NeMo Gym spellings here: .*\+num_samples_in_parallel=/],
      [["--input", input, "--output", "o.jsonl", "--temperature", "5"], /override responses_create_params.temperature: /],
      [["--input", input, "--output", "o.jsonl", "--top-p", "high"], /--top-p expects a number, got "high"/],
      [["--input", input, "--output", "o.jsonl", "+responses_create_params.temprature=1"], /override responses_create_params.temprature: unknown field/],
      [["--input", input, "--output", "o.jsonl", "+resume_from_cache=maybe"], /resume_from_cache expects true or false/],
      [["--input", input, "--output", "o.jsonl", "--max-attempts", "0"], /--max-attempts expects a positive integer/],
      [["--input", input, "--output", "o.jsonl", "--generate", "leg_counting", "--count", "3"], /--generate makes the input rows: pass it or --input, not both/],
      [["--output", "o.jsonl", "--generate", "leg_counting"], /--generate needs --count N/],
      [["--input", input, "--output", "o.jsonl", "--count", "3"], /--count, --seed, --config, --level, --curriculum, .* go with --generate DATASET/],
      [["--output", "o.jsonl", "--generate", "leg_counting", "--count", "3", "--success-threshold", "0.9"], /go with --curriculum/],
      [["--output", "o.jsonl"], /collect needs --input FILE.jsonl \(or --generate DATASET --count N\)/],
      [["--output", "o.jsonl", "--generate", "leg_counting", "--count", "2", "--seed=-1"], /--seed expects an integer >= 0/],
      [["--output", "o.jsonl", "--generate", "leg_counting", "--count", "2", "--seed", "-1"], /Option '--seed' argument is ambiguous. Did you forget/],
    ];
    const runs = await Promise.all(cases.map(([args]) => cli(...args, "--head-url", agent.url)));
    for (const [i, [args, message]] of cases.entries()) {
      const run = runs[i]!;
      expect(run.status, args.join(" ")).toBe(2);
      expect(run.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
      expect(run.stderr).toMatch(message);
    }
  });

  test("the resume command keeps the arguments and asks to resume once", () => {
    expect(resumeCommand(["--input", "my data.jsonl", "+resume_from_cache=false", "--output", "o.jsonl", "--resume"])).toBe(
      "npx edge-gym collect --input 'my data.jsonl' --output o.jsonl --resume",
    );
  });

  test("no rollout succeeded: mean reward '-', not 0.000; a --resume that succeeds says the earlier failure is resolved", async () => {
    const input = join(dir, "resolved.in.jsonl");
    writeFileSync(input, JSON.stringify({ responses_create_params: { input: "flaky" }, id: "cli-flaky", behavior: "flaky" }));
    const args = ["--head-url", agent.url, "--agent", "fake_agent", "--input", input, "--output", join(dir, "resolved.jsonl"), "--max-attempts", "1"];
    const first = await cli(...args);
    expect(first.status).toBe(1);
    expect(first.stdout).toContain("0/1 rollouts, mean reward -, 1 failed");
    const second = await cli(...args, "--resume");
    expect(second.status).toBe(0);
    expect(second.stdout).toContain("1/1 rollouts, mean reward 1.000, 0 failed");
    expect(second.stdout).toContain("1 earlier failure resolved: now in the rollouts, no longer in the failures file");
    expect(readJsonl(join(dir, "resolved_failures.jsonl"))).toEqual([]);
  });

  test("failed rollouts: the classes with their counts, and each one's first message unescaped", async () => {
    const input = join(dir, "classes.in.jsonl");
    const rows = [{ behavior: "nested" }, { behavior: "nested" }, { behavior: "judge" }, { behavior: "ok" }];
    writeFileSync(input, rows.map((r, i) => JSON.stringify({ responses_create_params: { input: `t${i}` }, id: `classes${i}`, ...r })).join("\n"));
    const { status, stdout } = await cli("--head-url", agent.url, "--agent", "fake_agent", "--input", input, "--output", join(dir, "classes.jsonl"), "--max-attempts", "1");
    expect(status).toBe(1);
    expect(stdout).toContain("failure classes: bad_upstream_response 2, judge_failed 1\n");
    expect(stdout).toContain('  first bad_upstream_response: resources/verify answered 502: the tool said:\n"no such file"\n');
    expect(stdout).toContain("  first judge_failed: judge down\n");
    expect(stdout).not.toContain('\\"');
  });

  test("after --resume the mean reward covers every rollout in the output, not only the resumed part's", async () => {
    const input = join(dir, "mean.in.jsonl");
    writeFileSync(input, [{ id: "mean-a", score: 1 }, { id: "mean-b", score: 0, behavior: "flaky" }].map((r) => JSON.stringify({ responses_create_params: { input: r.id }, ...r })).join("\n"));
    const args = ["--head-url", agent.url, "--agent", "fake_agent", "--input", input, "--output", join(dir, "mean.jsonl"), "--max-attempts", "1"];
    expect((await cli(...args)).stdout).toContain("1/2 rollouts, mean reward 1.000, 1 failed");
    expect((await cli(...args, "--resume")).stdout).toContain("2/2 rollouts (1 from before), mean reward 0.500, 0 failed");
  });

  test("an output that holds rollouts is not overwritten without --resume or --overwrite: one line, exit 2", async () => {
    const output = join(dir, "kept.jsonl");
    const args = ["--head-url", agent.url, "--agent", "fake_agent", "--input", inputFile("kept", 2), "--output", output];
    expect((await cli(...args)).status).toBe(0);
    const before = readFileSync(output, "utf8");
    const again = await cli(...args);
    expect(again.status).toBe(2);
    expect(again.stderr).toBe(`edge-gym: ${output} already holds rollouts: add --resume to go on with that run, or --overwrite to start it again\n`);
    expect(readFileSync(output, "utf8")).toBe(before);
    const replaced = await cli(...args, "--overwrite");
    expect(replaced.status).toBe(0);
    expect(readJsonl(output)).toHaveLength(2);
    expect(resumeCommand([...args, "--overwrite"])).toBe(`npx edge-gym collect ${args.join(" ")} --resume`);
  });

  test("a stack that stops answering: one line saying so with the command that resumes, exit 1", async () => {
    const doomed = await startFakeAgent({ delayMs: 50 });
    const output = join(dir, "down.jsonl");
    const args = ["--head-url", doomed.url, "--agent", "fake_agent", "--input", inputFile("down", 30), "--output", output, "--concurrency", "3", "--max-attempts", "1"];
    const run = cli(...args);
    while (readJsonl(output).length < 3) await new Promise((r) => setTimeout(r, 10));
    await doomed.close();
    const { status, stdout, stderr } = await run;
    expect(status).toBe(1);
    const errors = stderr.split("\n").filter((l) => l.startsWith("edge-gym:"));
    expect(errors).toHaveLength(1);
    const said = /^edge-gym: the stack stopped answering \((\d+) consecutive connection failures\); (\d+) rollouts not tried; resume with: (.+)$/.exec(errors[0]!);
    expect(said?.[3]).toBe(`npx edge-gym collect ${args.join(" ")} --resume`);
    expect(Number(said?.[1])).toBeGreaterThanOrEqual(3);
    expect(Number(said?.[2])).toBeGreaterThan(0);
    expect(stdout).toMatch(/, 0 failed\n/);
    expect(readJsonl(join(dir, "down_failures.jsonl"))).toEqual([]);
  });

  test("Ctrl+C stops dispatching, lets rollouts in flight finish, and prints the command that resumes", async () => {
    const output = join(dir, "interrupted.jsonl");
    const args = ["--head-url", agent.url, "--agent", "fake_agent", "--input", inputFile("interrupted", 10), "--output", output, "--num-repeats", "4", "--concurrency", "4", "--grace-s", "20"];
    const before = agent.runs.length;
    const child = spawn(process.execPath, [CLI, "collect", ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    child.stdout!.on("data", (chunk) => (stdout += chunk));
    child.stderr!.resume();
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    while (readJsonl(output).length < 8) await new Promise((r) => setTimeout(r, 20));
    child.kill("SIGINT");
    expect(await exited).toBe(130);

    // Every rollout that was dispatched was answered and written; nothing started after Ctrl+C.
    const written = readJsonl(output);
    const dispatched = agent.runs.length - before;
    expect(written.length).toBe(dispatched);
    expect(dispatched).toBeLessThan(40);
    const command = /Resume with:\n\s+(.+)\n/.exec(stdout)?.[1];
    expect(command).toBe(`npx edge-gym collect ${args.join(" ")} --resume`);
    expect(stdout).toContain(`Interrupted with ${40 - written.length} of 40 rollouts to go`);

    const resumed = await cli(...command!.split(" ").slice(3));
    expect(resumed.status).toBe(0);
    expect(resumed.stdout).toContain(`Resuming from ${join(dir, "interrupted_materialized_inputs.jsonl")}: ${written.length} of 40 rollouts already done, ${40 - written.length} to run.`);
    const all = readJsonl(output);
    expect(new Set(all.map((r) => `${r._ng_task_index}/${r._ng_rollout_index}`)).size).toBe(40);
    expect(all).toHaveLength(40);
    // Exactly the missing rollouts ran the second time.
    expect(agent.runs.length - before).toBe(40);
  });
});
