// What collect finds before the first rollout, against a scripted head that publishes a config:
// a cohort size the run cannot fill (genrm_compare's num_rollouts_per_prompt above the repeats sent)
// and a policy endpoint that cannot be reached are each one message and no /run; rows that fail
// the row schema stop the run, or with skipInvalid go to the failures file with line and reason.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { collect } from "../../../scripts/collect/collect.ts";
import type { CollectOptions } from "../../../scripts/collect/collect.ts";
import { readJsonl } from "../../stack_helpers.ts";
import { startFakeAgent } from "./fake_agent.ts";
import type { FakeAgent, Published } from "./fake_agent.ts";

const dir = mkdtempSync(join(tmpdir(), "edge-gym-pre-checks-"));
const input = (name: string, rows: unknown[]) => {
  const path = join(dir, `${name}.in.jsonl`);
  writeFileSync(path, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
  return path;
};
const options = (agent: FakeAgent, name: string, inputPath: string, extra: Partial<CollectOptions> = {}): CollectOptions => ({
  headUrl: agent.url,
  input: inputPath,
  output: join(dir, name, "out.jsonl"),
  agent: "fake_agent",
  concurrency: 2,
  numRepeats: 1,
  rolloutTimeoutS: 10,
  progress: false,
  ...extra,
});

const ref = (type: string, name: string) => ({ type, name });
/** fake_agent as a simple_agent of resources instance `resources` (of `implementation`), calling policy_model. */
function published(resources: string, implementation: string, config: Record<string, unknown> = {}): Published {
  return {
    config: {
      fake_agent: { responses_api_agents: { simple_agent: { resources_server: ref("resources_servers", resources), model_server: ref("responses_api_models", "policy_model") } } },
      [resources]: { resources_servers: { [implementation]: config } },
      policy_model: { responses_api_models: { vllm_model: { model: "m", base_url: "http://127.0.0.1:9/v1" } } },
    },
    instances: [
      { name: resources, server_type: "resources_servers", implementation },
      { name: "policy_model", server_type: "responses_api_models", implementation: "vllm_model" },
    ],
  };
}

let agent: FakeAgent | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});

describe("a cohort the run cannot fill", () => {
  test("genrm_compare with num_rollouts_per_prompt 16 and 2 repeats: refused at once with the key, both numbers and what to change", async () => {
    agent = await startFakeAgent({ published: published("genrm_compare_resources_server", "genrm_compare", { num_rollouts_per_prompt: 16 }) });
    const rows = input("cohort", [{ responses_create_params: { input: "write a poem" } }]);
    const key = "genrm_compare_resources_server.resources_servers.genrm_compare.num_rollouts_per_prompt";
    await expect(collect(options(agent, "cohort", rows, { numRepeats: 2 }))).rejects.toThrow(
      `genrm_compare_resources_server (agent fake_agent) scores 16 rollouts of the same prompt together (${key}: 16), but this run sends 2 of a prompt: ` +
        `they would wait for the rest until cohort_timeout_s and fail. Run --num-repeats 16 (or a multiple), or start the stack with ++${key}=2`,
    );
    expect(agent.runs).toEqual([]);
    // 16 of each prompt fill its cohort: the run starts.
    const summary = await collect(options(agent, "cohort16", rows, { numRepeats: 16, maxAttempts: 1 }));
    expect(summary.total).toBe(16);
    // (The fake agent also takes the cohort's /compare as a run: only /run bodies carry create params.)
    expect(agent.runs.filter((r) => r.responses_create_params)).toHaveLength(16);
  });
});

describe("a policy endpoint", () => {
  test("that cannot be reached is found before the first rollout: one message naming the URL and the error, unwrapped", async () => {
    agent = await startFakeAgent({ published: published("state", "example_session_state_mgmt"), modelDown: true });
    const rows = input("down", [{ responses_create_params: { input: "hi" }, expected_count: 1 }]);
    const error = await collect(options(agent, "down", rows, { checkEndpoints: true })).then(() => undefined, (err: Error) => err.message);
    expect(error).toBe(
      "policy_model cannot reach its endpoint http://127.0.0.1:9/v1 (checked before any rollout): 503: gpu_gateway/v1/chat/completions: unavailable (503): " +
        "no endpoint took the request: http://127.0.0.1:9/v1/chat/completions: connection failed (after 3 attempts)",
    );
    expect(agent.modelCalls).toHaveLength(1);
    expect(agent.runs).toEqual([]);
  });

  test("that answers lets the run go on, after one short call", async () => {
    agent = await startFakeAgent({ published: published("state", "example_session_state_mgmt") });
    const rows = input("up", [{ responses_create_params: { input: "hi" }, expected_count: 1 }]);
    const summary = await collect(options(agent, "up", rows, { checkEndpoints: true, numRepeats: 3 }));
    expect(summary).toMatchObject({ total: 3, succeeded: 3 });
    expect(agent.modelCalls).toHaveLength(1);
    expect(agent.modelCalls[0]!.max_output_tokens).toBeLessThanOrEqual(16);
  });
});

describe("rows that fail the row schema", () => {
  const rows = [
    { responses_create_params: { input: "one" }, expected_count: 1 },
    { responses_create_params: { input: 5 }, expected_count: 2 },
    { responses_create_params: { input: "three" } },
    { responses_create_params: { input: "four" }, expected_count: 4 },
  ];

  test("stop the run before any rollout, with the line and field path", async () => {
    agent = await startFakeAgent({ published: published("state", "example_session_state_mgmt") });
    await expect(collect(options(agent, "strict", input("strict", rows)))).rejects.toThrow(/strict\.in\.jsonl:2: responses_create_params\.input: /);
    expect(agent.runs).toEqual([]);
  });

  test("with skipInvalid go to the failures file with their line and reason, each once, and the rest run", async () => {
    agent = await startFakeAgent({ published: published("state", "example_session_state_mgmt") });
    const path = input("skip", rows);
    const summary = await collect(options(agent, "skip", path, { skipInvalid: true, numRepeats: 2 }));
    expect(summary).toMatchObject({ total: 4, succeeded: 4, failed: 0, skipped: 2 });
    expect(agent.runs.map((r) => r.responses_create_params.input).sort()).toEqual(["four", "four", "one", "one"]);
    const failures = readJsonl(summary.files.failures);
    expect(failures.map((f) => [f._ng_input_line, f._ng_failure_class, f.responses_create_params.input])).toEqual([
      [2, "invalid_row", 5],
      [3, "invalid_row", "three"],
    ]);
    expect(failures[0].error).toMatch(new RegExp(`^${path}:2: responses_create_params\\.input: `));
    expect(failures[1].error).toBe(`${path}:3: expected_count: Invalid input: expected number, received undefined`);
    expect(summary.failureClasses).toEqual([{ failureClass: "invalid_row", count: 2, message: failures[0].error }]);

    // A resumed run keeps them listed: they are input lines, not rollouts to run again.
    const resumed = await collect(options(agent, "skip", path, { skipInvalid: true, numRepeats: 2, resume: true }));
    expect(resumed).toMatchObject({ total: 4, resumed: 4 });
    expect(readJsonl(summary.files.failures)).toEqual(failures);
  });
});
