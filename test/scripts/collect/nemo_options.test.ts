// The ng_collect_rollouts options collect takes besides the basics (NeMo Gym's
// nemo_gym/rollout_collection.py, and its PR #2638 for the progress file): the progress file,
// prompt_config, num_repeats_add_seed and disable_aggregation, each under NeMo Gym's spelling too.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { collect } from "../../../scripts/collect/collect.ts";
import type { CollectOptions } from "../../../scripts/collect/collect.ts";
import { INTERVAL_MS, ProgressFile, progressPathFor } from "../../../scripts/collect/progress_file.ts";
import { applyPrompt, fillTemplate } from "../../../scripts/collect/prompt_config.ts";
import { startFakeAgent } from "./fake_agent.ts";
import type { FakeAgent } from "./fake_agent.ts";
import { readJsonl } from "../../stack_helpers.ts";

const dir = mkdtempSync(join(tmpdir(), "edge-gym-nemo-options-"));
let agent: FakeAgent;
beforeAll(async () => {
  agent = await startFakeAgent();
});
afterAll(async () => {
  await agent.close();
});

const write = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const jsonl = (name: string, rows: object[]) => write(name, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
const options = (name: string, input: string, extra: Partial<CollectOptions> = {}): CollectOptions => ({
  headUrl: agent.url,
  input,
  output: join(dir, name, "rollouts.jsonl"),
  agent: "fake_agent",
  concurrency: 2,
  numRepeats: 1,
  rolloutTimeoutS: 10,
  progress: false,
  checkEndpoints: false,
  ...extra,
});

describe("progress file", () => {
  test("defaults to <output stem>_progress beside the output, as NeMo Gym derives it", () => {
    expect(progressPathFor("artifacts/rollouts-chunk0.jsonl")).toBe("artifacts/rollouts-chunk0_progress");
  });

  test("holds the count of finished rollouts, failures and a resumed run's earlier ones included", async () => {
    const input = jsonl("progress.in.jsonl", [{ responses_create_params: { input: "a" }, id: "p1" }, { responses_create_params: { input: "b" }, id: "p2", behavior: "bad" }, { responses_create_params: { input: "c" }, id: "p3" }]);
    const opts = options("progress", input, { numRepeats: 2 });
    const summary = await collect(opts);
    expect(summary.files.progress).toBe(join(dir, "progress", "rollouts_progress"));
    expect(readFileSync(summary.files.progress, "utf8")).toBe("6\n");
    expect(existsSync(`${summary.files.progress}.partial`)).toBe(false);
    // A resumed run starts from what is already done (4 rollouts) and the bad-input pair (terminal,
    // not run again): all 6 finished.
    const resumed = await collect({ ...opts, resume: true });
    expect(resumed.resumed).toBe(4);
    expect(readFileSync(resumed.files.progress, "utf8")).toBe("6\n");
  });

  test("--progress-file puts it where asked", async () => {
    const input = jsonl("progress-path.in.jsonl", [{ responses_create_params: { input: "a" }, id: "pp" }]);
    const path = join(dir, "elsewhere", "count");
    mkdirSync(join(dir, "elsewhere"));
    await collect(options("progress-path", input, { progressFile: path }));
    expect(readFileSync(path, "utf8")).toBe("1\n");
    expect(existsSync(join(dir, "progress-path", "rollouts_progress"))).toBe(false);
  });

  test("the first count is written at once, later ones at most every INTERVAL_MS, and flush writes the latest", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const path = join(dir, "paced_progress");
      const file = new ProgressFile(path, () => {});
      file.update(1);
      await vi.waitFor(() => expect(readFileSync(path, "utf8")).toBe("1\n"));
      for (let i = 2; i <= 300; i++) file.update(i);
      await new Promise((resolve) => setImmediate(resolve));
      // Within the interval nothing more is written, however many rollouts end.
      expect(readFileSync(path, "utf8")).toBe("1\n");
      await vi.advanceTimersByTimeAsync(INTERVAL_MS);
      await vi.waitFor(() => expect(readFileSync(path, "utf8")).toBe("300\n"));
      file.update(301);
      await file.flush();
      expect(readFileSync(path, "utf8")).toBe("301\n");
    } finally {
      vi.useRealTimers();
    }
  });

  test("updates collapse into the latest, and a file that cannot be written is reported once, never thrown", async () => {
    const path = join(dir, "collapse_progress");
    const file = new ProgressFile(path, () => {});
    for (let i = 1; i <= 50; i++) file.update(i);
    await file.flush();
    expect(readFileSync(path, "utf8")).toBe("50\n");
    const said: string[] = [];
    const broken = new ProgressFile(join(dir, "no", "such", "dir", "progress"), (line) => said.push(line));
    broken.update(1);
    await broken.flush();
    broken.update(2);
    await broken.flush();
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/could not write the progress file .* \(the run goes on\)/);
  });
});

describe("prompt_config", () => {
  test("fills {field} from the row; {{ and }} are literal braces", () => {
    expect(fillTemplate("Solve {problem} in {{x}} with {n} steps, strict={strict}", { problem: "2+2", n: 3, strict: true })).toBe("Solve 2+2 in {x} with 3 steps, strict=True");
    expect(() => fillTemplate("{missing}", { problem: "p" })).toThrow(/references field 'missing' but the row only has fields: problem/);
    expect(() => fillTemplate("{a.b}", { a: {} })).toThrow(/only plain field names/);
    expect(() => fillTemplate("x } y", {})).toThrow(/single "}"/);
  });

  test("builds the input as system then user messages, keeping the other create params", () => {
    const row = applyPrompt({ system: "Be {tone}.", user: "Q: {q}" }, { q: "why", tone: "brief", responses_create_params: { temperature: 0.5 } });
    expect(row.responses_create_params).toEqual({
      temperature: 0.5,
      input: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Q: why" },
      ],
    });
  });

  test("collect applies it to every row; a row that has an input already is refused with its line", async () => {
    const prompt = write("prompt.yaml", "system: You are terse.\nuser: |\n  What is {question}?\n");
    const input = jsonl("prompt.in.jsonl", [{ question: "1+1", id: "q1" }, { question: "2+2", id: "q2" }]);
    const before = agent.runs.length;
    await collect(options("prompt", input, { promptConfig: prompt }));
    const sent = agent.runs.slice(before).map((r) => r.responses_create_params.input);
    expect(sent).toContainEqual([
      { role: "system", content: "You are terse." },
      { role: "user", content: "What is 1+1?\n" },
    ]);
    expect(sent).toHaveLength(2);
    const clash = jsonl("prompt-clash.in.jsonl", [{ question: "x" }, { question: "y", responses_create_params: { input: "already" } }]);
    await expect(collect(options("prompt-clash", clash, { promptConfig: prompt }))).rejects.toThrow(/prompt-clash\.in\.jsonl:2: .*exclusive/);
    await expect(collect(options("prompt-bad", input, { promptConfig: write("bad.yaml", "system: only\n") }))).rejects.toThrow(/prompt_config .*bad\.yaml: user: /);
  });
});

test("num_repeats_add_seed: each repeat asks for seed = its rollout index, in metadata.extra_body", async () => {
  const input = jsonl("seed.in.jsonl", [{ responses_create_params: { input: "a", metadata: { extra_body: '{"top_k": 5}' } }, id: "s1" }]);
  const opts = options("seed", input, { numRepeats: 3, numRepeatsAddSeed: true });
  await collect(opts);
  const materialized = readJsonl(join(dir, "seed", "rollouts_materialized_inputs.jsonl"));
  expect(materialized.map((r) => [r._ng_rollout_index, JSON.parse(r.responses_create_params.metadata.extra_body)])).toEqual([
    [0, { top_k: 5, seed: 0 }],
    [1, { top_k: 5, seed: 1 }],
    [2, { top_k: 5, seed: 2 }],
  ]);
});

test("disable_aggregation: no aggregate metrics file, and /aggregate_metrics is not called", async () => {
  const input = jsonl("noagg.in.jsonl", [{ responses_create_params: { input: "a" }, id: "n1" }]);
  const before = agent.aggregates.length;
  const summary = await collect(options("noagg", input, { disableAggregation: true }));
  expect(summary.succeeded).toBe(1);
  expect(summary.aggregate).toBeUndefined();
  expect(existsSync(summary.files.aggregateMetrics)).toBe(false);
  expect(agent.aggregates.length).toBe(before);
});

test("the CLI takes NeMo Gym's spellings of these options", async () => {
  const input = jsonl("cli.in.jsonl", [{ question: "3+3", id: "c1" }]);
  const prompt = write("cli_prompt.yaml", "user: Say {question}\n");
  const output = join(dir, "cli", "out.jsonl");
  mkdirSync(join(dir, "cli"));
  const progress = join(dir, "cli", "count");
  const child = spawn(process.execPath, ["scripts/edge-gym.ts", "collect", "--head-url", agent.url, "--no-endpoint-check",
    `+input_jsonl_fpath=${input}`, `+output_jsonl_fpath=${output}`, "+agent_name=fake_agent", "+num_repeats=2",
    `+prompt_config=${prompt}`, "+num_repeats_add_seed=true", "+disable_aggregation=true", `+progress_file_fpath=${progress}`], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const status = await new Promise((resolve) => child.once("close", resolve));
  expect(stderr).not.toMatch(/edge-gym:/);
  expect(status).toBe(0);
  expect(readFileSync(progress, "utf8")).toBe("2\n");
  expect(existsSync(join(dir, "cli", "out_aggregate_metrics.json"))).toBe(false);
  const rows = readJsonl(join(dir, "cli", "out_materialized_inputs.jsonl"));
  expect(rows.map((r) => [r.responses_create_params.input[0].content, JSON.parse(r.responses_create_params.metadata.extra_body).seed])).toEqual([
    ["Say 3+3", 0],
    ["Say 3+3", 1],
  ]);
  // Bad input is one line: a progress file in a directory that does not exist.
  const bad = spawn(process.execPath, ["scripts/edge-gym.ts", "collect", "--input", input, "--output", join(dir, "cli", "o2.jsonl"), "--progress-file", join(dir, "nope", "p")], { stdio: ["ignore", "pipe", "pipe"] });
  let badErr = "";
  bad.stderr!.on("data", (chunk) => (badErr += chunk));
  expect(await new Promise((resolve) => bad.once("close", resolve))).not.toBe(0);
  expect(badErr.trim().split("\n")).toHaveLength(1);
  expect(badErr).toMatch(/--progress-file: no directory/);
});

describe("num_repeats per agent", () => {
  const rows = [
    { responses_create_params: { input: "a" }, id: "m1", agent_ref: { name: "fake_agent" } },
    { responses_create_params: { input: "b" }, id: "m2", agent_ref: { name: "other_agent" } },
  ];

  test("each agent's rows repeat its count; _default covers agents not named", async () => {
    const input = jsonl("per-agent.in.jsonl", rows);
    const summary = await collect(options("per-agent", input, { agent: undefined, numRepeats: { fake_agent: 3, _default: 2 } }));
    expect(summary.total).toBe(5);
    const materialized = readJsonl(join(dir, "per-agent", "rollouts_materialized_inputs.jsonl"));
    expect(materialized.map((r) => [r.agent_ref.name, r._ng_rollout_index])).toEqual([
      ["fake_agent", 0],
      ["fake_agent", 1],
      ["fake_agent", 2],
      ["other_agent", 0],
      ["other_agent", 1],
    ]);
  });

  test("an agent the mapping leaves out, without _default, is an input error naming it", async () => {
    const input = jsonl("per-agent-missing.in.jsonl", rows);
    await expect(collect(options("per-agent-missing", input, { agent: undefined, numRepeats: { fake_agent: 3 } }))).rejects.toThrow(/:2: num_repeats has no entry for agent "other_agent" and no "_default"/);
  });

  test("the CLI reads NeMo Gym's mapping spelling; a bad one is one line", async () => {
    const input = jsonl("per-agent-cli.in.jsonl", rows);
    mkdirSync(join(dir, "per-agent-cli"));
    const output = join(dir, "per-agent-cli", "out.jsonl");
    const run = (...args: string[]) => {
      const child = spawn(process.execPath, ["scripts/edge-gym.ts", "collect", "--head-url", agent.url, "--no-endpoint-check", `+input_jsonl_fpath=${input}`, ...args], { stdio: ["ignore", "pipe", "pipe"] });
      let stderr = "";
      child.stderr!.on("data", (chunk) => (stderr += chunk));
      return new Promise<{ status: unknown; stderr: string }>((resolve) => child.once("close", (status) => resolve({ status, stderr })));
    };
    const ok = await run(`+output_jsonl_fpath=${output}`, "+num_repeats={fake_agent: 2, _default: 1}");
    expect(ok.stderr).not.toMatch(/edge-gym:/);
    expect(ok.status).toBe(0);
    expect(readJsonl(output)).toHaveLength(3);
    const bad = await run(`+output_jsonl_fpath=${join(dir, "per-agent-cli", "o2.jsonl")}`, "+num_repeats={fake_agent: 0}");
    expect(bad.status).not.toBe(0);
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
    expect(bad.stderr).toMatch(/--num-repeats expects a positive integer or a mapping/);
  });
});
