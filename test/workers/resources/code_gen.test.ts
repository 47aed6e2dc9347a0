// code_gen's /verify against a fake sandbox: fetch to FAKE_SANDBOX_URL is answered the way the real
// sandbox answers for the few programs used here (the real one is tested through the stack).
import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/code_gen/index.ts";
import { CodeGenConfig } from "../../../workers/resources/code_gen/declaration.ts";
import type { UnitTests } from "../../../workers/resources/code_gen/declaration.ts";
import { RESULT_MARKER } from "../../../workers/resources/code_gen/programs.ts";
import { runTests } from "../../../workers/resources/code_gen/run_tests.ts";
import type { RunRequest, RunResult } from "../../../shared/sandbox/schema.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";
import { FAKE_SANDBOX_URL, useFakeSandbox } from "../../workerd/fake_sandbox.ts";

const CONFIG = { sandbox_url: FAKE_SANDBOX_URL, unit_test_timeout_secs: 2 };

type Program = (request: RunRequest) => Partial<RunResult>;
const ok = (stdout: string): Partial<RunResult> => ({ stdout, exit_code: 0 });
const result = (value: unknown) => ok(`some print from the solution\n${RESULT_MARKER}${JSON.stringify(value)}\n`);

let program: Program;
const requests = useFakeSandbox((body) => program(body));

const SUM_TESTS = { inputs: ["1 2\n", "-5 5\n", "-7 -8\n"], outputs: ["3\n", "0\n", "-15\n"] };
const CALL_TESTS = { inputs: ["[1, 2, 3]", "[]"], outputs: ["[1, 3, 6]", "[]"], fn_name: "running_sum" };
// What `print(a + b)` (or `abs(a + b)`) prints for an input "a b".
const sums = (f: (n: number) => number) => (r: RunRequest) => ok(`${f(r.stdin.split(" ").map(Number).reduce((a, b) => a + b))}\n`);

const row = (unit_tests: object) => ({
  responses_create_params: { input: [{ role: "user", content: "Solve it in Python." }] },
  verifier_metadata: { unit_tests, difficulty: "easy" },
});
const reply = (text: string) => ({ id: "r1", output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] }] });
const fenced = (code: string) => `My solution:\n\n\`\`\`python\n${code}\n\`\`\``;

async function verify(text: string, tests: object = SUM_TESTS, config: object = CONFIG) {
  const res = await client(server, serverEnv("code_gen", { INSTANCE_CONFIG: config })).post("/verify", { ...row(tests), response: reply(text) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Record<string, unknown>;
}

// Tests whose expected outputs are distinctive, to look for them in what the sandbox was sent.
const HIDDEN_STDIO = { inputs: ["1 2\n", "3 4\n"], outputs: ["123456789\n", "987654321\n"] };
const HIDDEN_CALL = { inputs: ["[1, 2]"], outputs: ["[424242, 171717]"], fn_name: "running_sum" };

/** No request the sandbox saw carries an expected output. */
function expectNoExpectedOutputSent() {
  expect(requests.length).toBeGreaterThan(0);
  for (const r of requests) {
    const sent = [r.stdin, ...Object.values(r.files)].join("\n");
    for (const o of ["123456789", "987654321", "424242", "171717"]) expect(sent.includes(o), `request carries ${o}`).toBe(false);
  }
}

describe("code_gen: verify", () => {
  test("a right stdin/stdout solution earns 1, with NeMo Gym's fields", async () => {
    program = sums((n) => n);
    const code = "a, b = map(int, input().split())\nprint(a + b)";
    const body = await verify(fenced(code));
    expect(body).toMatchObject({ reward: 1, extracted_model_output: fenced(code), extracted_model_code: code, result: [true, true, true], difficulty: "easy" });
    expect(body.metadata).toEqual({ "execution time": 0.015 });
    expect(typeof body.unit_tests_time_taken).toBe("number");
    // Each test is one run of the solution, with the test's input as stdin and the config's limits.
    expect(requests.map((r) => r.stdin)).toEqual(SUM_TESTS.inputs);
    expect(Object.keys(requests[0]!.files)).toEqual(["main.py"]);
    expect(requests[0]!.files["main.py"]!.endsWith(`\n${code}`)).toBe(true);
    expect(requests[0]!.limits).toEqual({ wall_s: 2, cpu_s: 2, memory_mb: 4096 });
  });

  test("the first failing test stops the run: -2 with LiveCodeBench's wrong-answer metadata", async () => {
    program = sums(Math.abs);
    const body = await verify(fenced("print(abs(a + b))"));
    expect(body).toMatchObject({ reward: 0, result: [true, true, -2] });
    expect(body.metadata).toEqual({ output: "15\n", inputs: "-7 -8\n", expected: "-15\n", error_code: -2, error_message: "Wrong answer at output_line_idx=0: 15 != -15" });
    expect(requests).toHaveLength(3);
  });

  test("a test past its limit is -3, a crash -4 with the traceback", async () => {
    program = () => ({ timed_out: true, exit_code: null, signal: "SIGKILL" });
    expect(await verify(fenced("while True: pass"))).toMatchObject({ reward: 0, result: [-3], metadata: { error_code: -3, error_message: "Time Limit Exceeded", inputs: "1 2\n" } });
    program = () => ({ exit_code: 1, stderr: 'Traceback (most recent call last):\n  File "main.py", line 1\nZeroDivisionError: division by zero\n' });
    expect(await verify(fenced("1 / 0"))).toMatchObject({ reward: 0, result: [-4], metadata: { error_code: -4, error_message: "Runtime Error", error: "ZeroDivisionError: division by zero" } });
    program = () => ({ exit_code: null, signal: "SIGXCPU" });
    expect(await verify(fenced("spin()"))).toMatchObject({ result: [-3] });
  });

  test("a reply without a code block earns 0 with only the reply; an empty one with nothing", async () => {
    program = () => expect.unreachable("nothing runs");
    const body = await verify("I would loop over the numbers.");
    expect(body).toMatchObject({ reward: 0, extracted_model_output: "I would loop over the numbers." });
    expect(body).not.toHaveProperty("result");
    expect(body).not.toHaveProperty("extracted_model_code");
    expect(await verify("  ")).not.toHaveProperty("extracted_model_output");
  });

  test("function-call tests: our harness calls fn_name with the test's arguments; the JSON result is compared here", async () => {
    program = (r) => result(r.stdin === "[]" ? [] : [1, 3, 6.0]);
    const body = await verify(fenced("def running_sum(nums): ..."), CALL_TESTS);
    expect(body).toMatchObject({ reward: 1, result: [true, true] });
    expect(Object.keys(requests[0]!.files).sort()).toEqual(["main.py", "solution.py"]);
    expect(requests[0]!.files["main.py"]).toContain('getattr(target, "running_sum")');
    expect(requests.map((r) => r.stdin)).toEqual(CALL_TESTS.inputs);
    program = () => result([1, 2, 3]);
    expect(await verify(fenced("def running_sum(nums): ..."), CALL_TESTS)).toMatchObject({ reward: 0, result: [-2], metadata: { output: "[1,2,3]", error_message: "Wrong Answer", expected: "[1, 3, 6]" } });
  });

  test("a sandbox that fails is no reward at all, not 0", async () => {
    globalThis.fetch = (async () => new Response("boom", { status: 500 })) as typeof fetch;
    const body = await verify(fenced("print(3)"));
    expect(body).not.toHaveProperty("reward");
    expect(body._ng_failure_class).toBe("sandbox_failed");
  });

  test("a config without sandbox_url is refused", async () => {
    const res = await client(server, serverEnv("code_gen", { INSTANCE_CONFIG: { unit_test_timeout_secs: 2 } })).post("/verify", { ...row(SUM_TESTS), response: reply(fenced("print(3)")) });
    expect(res.status).toBe(500);
  });
});

describe("code_gen: reward hacking fails (the sandbox never sees an expected output)", () => {
  test("exiting early with success prints nothing: a wrong answer", async () => {
    program = () => ok(""); // import sys; sys.exit(0)
    expect(await verify(fenced("import sys\nsys.exit(0)"), HIDDEN_STDIO)).toMatchObject({ reward: 0, result: [-2] });
    program = () => ({ exit_code: 0 }); // in a function-call test: no result line from our harness
    expect(await verify(fenced("import os\nos._exit(0)"), HIDDEN_CALL)).toMatchObject({ reward: 0, result: [-4], metadata: { error: "the call returned no result" } });
    expectNoExpectedOutputSent();
  });

  test("redefining a checker changes nothing: the checker runs here", async () => {
    const code = "def grade_stdio(*a): return [True] * 99, {}\ndef compare(a, b): return True\nprint('All tests passed')";
    program = () => ok("All tests passed\n");
    expect(await verify(fenced(code), HIDDEN_STDIO)).toMatchObject({ reward: 0, result: [-2] });
  });

  test("patching builtins or __eq__ cannot make a value equal: only its JSON comes out", async () => {
    // class Always: __eq__ = lambda s, o: True; def running_sum(nums): return Always()
    // passes in-process comparison; our harness prints its repr, which equals no list.
    program = () => result("<solution.Always object at 0x7f3a>");
    expect(await verify(fenced("class Always:\n    __eq__ = lambda s, o: True\ndef running_sum(nums): return Always()"), HIDDEN_CALL)).toMatchObject({ reward: 0, result: [-2] });
    // builtins.print / sys.stdout patched to print "True": still compared with the expected output.
    program = () => ok("True\n");
    expect(await verify(fenced("import builtins\nbuiltins.print = lambda *a, **k: None"), HIDDEN_STDIO)).toMatchObject({ reward: 0, result: [-2] });
    expectNoExpectedOutputSent();
  });

  test("a forged result line that is not JSON is a wrong answer, not a crash", async () => {
    program = () => ok(`${RESULT_MARKER}[1, 3, 6] # trust me\n`);
    expect(await verify(fenced("def running_sum(nums): ..."), CALL_TESTS)).toMatchObject({ reward: 0, result: [-2] });
  });

  test("reading the tests finds nothing to read: only the solution, our harness and the input go in", async () => {
    program = () => ok("no tests here\n"); // os.walk("/"), os.environ, open("tests.json")...
    expect(await verify(fenced("import os\nprint(os.listdir('.'))"), HIDDEN_CALL)).toMatchObject({ reward: 0 });
    expect(await verify(fenced("import os\nprint(os.listdir('.'))"), HIDDEN_STDIO)).toMatchObject({ reward: 0 });
    for (const r of requests) expect(Object.keys(r.files).every((f) => f === "main.py" || f === "solution.py")).toBe(true);
    expectNoExpectedOutputSent();
  });
});

describe("code_gen: the task's time limit", () => {
  const config = (fields: object) => CodeGenConfig.parse({ sandbox_url: FAKE_SANDBOX_URL, unit_test_timeout_secs: 2, ...fields });
  // runTests with the config of `fields`, calling the sandbox that config names.
  const run = (code: string, tests: UnitTests, fields: object) => {
    const settings = config(fields);
    return runTests(code, tests, settings, { settings });
  };

  test("unset, it is LiveCodeBench's (per test + 1) × tests + 5; running out makes every test -1 with no metadata", async () => {
    // Each run takes 4 s of its own, of the task's 3 × 3 + 5 = 14 s.
    program = () => ({ ...ok("3\n"), duration_ms: 4_000 });
    const outcome = await run("print(3)", { inputs: ["a", "b", "c"], outputs: ["3", "3", "3"] }, {});
    expect(outcome).toEqual({ result: [true, true, true], metadata: { "execution time": 12 } });
    const long = await run("print(3)", { inputs: ["a", "b", "c", "d"], outputs: ["3", "3", "3", "3"] }, { task_timeout_secs: 7 });
    expect(long).toEqual({ result: [-1, -1, -1, -1], metadata: null });
  });

  test("the last test's wall limit is cut to what the task has left; timing out there is the task's timeout", async () => {
    program = (r) => (r.limits.wall_s < 2 ? { timed_out: true, exit_code: null, duration_ms: r.limits.wall_s * 1000 } : { ...ok("3\n"), duration_ms: 1_500 });
    const outcome = await run("print(3)", { inputs: ["a", "b"], outputs: ["3", "3"] }, { task_timeout_secs: 2.5 });
    expect(requests.map((r) => r.limits.wall_s)).toEqual([2, 1]);
    expect(outcome).toEqual({ result: [-1, -1], metadata: null });
  });

  test("expected outputs of a function-call row that are not JSON: -4, as LiveCodeBench's test runner fails", async () => {
    program = () => expect.unreachable("nothing runs");
    expect(await run("def f(): ...", { inputs: ["1"], outputs: ["{"], fn_name: "f" }, {})).toMatchObject({ result: [-4], metadata: { error_code: -4 } });
  });
});

// Verify responses (tasks and rollouts out of order, uneven k) and what NeMo Gym's own
// compute_metrics and get_key_metrics return for them (run on these rollouts, pinned).
const ROLLOUTS = [
  {"_ng_task_index": 0, "_ng_rollout_index": 1, "reward": 0, "response": {"usage": {"input_tokens": 10, "output_tokens": 5}}, "extracted_model_code": "print(2)", "difficulty": "easy"},
  {"_ng_task_index": 0, "_ng_rollout_index": 0, "reward": 1, "response": {"usage": {"input_tokens": 12, "output_tokens": 5}}, "extracted_model_code": "print(1)", "difficulty": "easy"},
  {"_ng_task_index": 0, "_ng_rollout_index": 2, "reward": 1, "response": {"usage": {"input_tokens": 13, "output_tokens": 5}}, "extracted_model_code": "print(1)", "difficulty": "easy"},
  {"_ng_task_index": 0, "_ng_rollout_index": 3, "reward": 0.5, "response": {"usage": {"input_tokens": 13, "output_tokens": 5}}, "extracted_model_code": "print(3)", "difficulty": "easy"},
  {"_ng_task_index": 1, "_ng_rollout_index": 0, "reward": 0, "response": {"usage": {"input_tokens": 14, "output_tokens": 5}}, "difficulty": "medium"},
  {"_ng_task_index": 1, "_ng_rollout_index": 1, "reward": 1, "response": {"usage": {"input_tokens": 15, "output_tokens": 5}}, "extracted_model_code": "x", "difficulty": "medium"},
  {"_ng_task_index": 2, "_ng_rollout_index": 0, "reward": 1, "response": {"usage": {"input_tokens": 16, "output_tokens": 5}}, "extracted_model_code": "a", "difficulty": "hard"},
  {"_ng_task_index": 2, "_ng_rollout_index": 1, "reward": 0, "response": {"usage": {"input_tokens": 17, "output_tokens": 5}}, "extracted_model_code": "b", "difficulty": "hard"},
  {"_ng_task_index": 2, "_ng_rollout_index": 2, "reward": 0, "response": {"usage": {"input_tokens": 18, "output_tokens": 5}}, "extracted_model_code": "b", "difficulty": "hard"},
  {"_ng_task_index": 3, "_ng_rollout_index": 0, "reward": 0, "response": {"usage": {"input_tokens": 19, "output_tokens": 5}}, "extracted_model_code": null, "difficulty": null},
  {"_ng_task_index": 4, "_ng_rollout_index": 0, "reward": 1, "response": {"usage": {"input_tokens": 20, "output_tokens": 5}}, "extracted_model_code": "d"},
];
const NEMO_METRICS: Record<string, unknown> = {
  "easy/majority@1/accuracy": 100.0,
  "easy/majority@1/no_answer": 0.0,
  "easy/majority@2/accuracy": 50.0,
  "easy/majority@2/no_answer": 0.0,
  "easy/majority@3/accuracy": 100.0,
  "easy/majority@3/no_answer": 0.0,
  "easy/majority@4/accuracy": 100.0,
  "easy/majority@4/no_answer": 0.0,
  "easy/pass@1/accuracy": 75.0,
  "easy/pass@1/no_answer": 0.0,
  "easy/pass@1[avg-of-1]/accuracy": 100.0,
  "easy/pass@1[avg-of-1]/no_answer": 0.0,
  "easy/pass@1[avg-of-2]/accuracy": 50.0,
  "easy/pass@1[avg-of-2]/accuracy/std_dev_across_runs": 70.71067811865476,
  "easy/pass@1[avg-of-2]/accuracy/std_err_across_runs": 50.0,
  "easy/pass@1[avg-of-2]/no_answer": 0.0,
  "easy/pass@1[avg-of-2]/no_answer/std_dev_across_runs": 0.0,
  "easy/pass@1[avg-of-2]/no_answer/std_err_across_runs": 0.0,
  "easy/pass@1[avg-of-3]/accuracy": 66.66666666666666,
  "easy/pass@1[avg-of-3]/accuracy/std_dev_across_runs": 57.73502691896258,
  "easy/pass@1[avg-of-3]/accuracy/std_err_across_runs": 33.333333333333336,
  "easy/pass@1[avg-of-3]/no_answer": 0.0,
  "easy/pass@1[avg-of-3]/no_answer/std_dev_across_runs": 0.0,
  "easy/pass@1[avg-of-3]/no_answer/std_err_across_runs": 0.0,
  "easy/pass@1[avg-of-4]/accuracy": 75.0,
  "easy/pass@1[avg-of-4]/accuracy/std_dev_across_runs": 50.0,
  "easy/pass@1[avg-of-4]/accuracy/std_err_across_runs": 25.0,
  "easy/pass@1[avg-of-4]/no_answer": 0.0,
  "easy/pass@1[avg-of-4]/no_answer/std_dev_across_runs": 0.0,
  "easy/pass@1[avg-of-4]/no_answer/std_err_across_runs": 0.0,
  "easy/pass@2/accuracy": 100.0,
  "easy/pass@2/no_answer": 0.0,
  "easy/pass@3/accuracy": 100.0,
  "easy/pass@3/no_answer": 0.0,
  "easy/pass@4/accuracy": 100.0,
  "easy/pass@4/no_answer": 0.0,
  "hard/majority@1/accuracy": 100.0,
  "hard/majority@1/no_answer": 0.0,
  "hard/majority@2/accuracy": 50.0,
  "hard/majority@2/no_answer": 0.0,
  "hard/majority@3/accuracy": 0.0,
  "hard/majority@3/no_answer": 0.0,
  "hard/pass@1/accuracy": 33.333333333333336,
  "hard/pass@1/no_answer": 0.0,
  "hard/pass@1[avg-of-1]/accuracy": 100.0,
  "hard/pass@1[avg-of-1]/no_answer": 0.0,
  "hard/pass@1[avg-of-2]/accuracy": 50.0,
  "hard/pass@1[avg-of-2]/accuracy/std_dev_across_runs": 70.71067811865476,
  "hard/pass@1[avg-of-2]/accuracy/std_err_across_runs": 50.0,
  "hard/pass@1[avg-of-2]/no_answer": 0.0,
  "hard/pass@1[avg-of-2]/no_answer/std_dev_across_runs": 0.0,
  "hard/pass@1[avg-of-2]/no_answer/std_err_across_runs": 0.0,
  "hard/pass@1[avg-of-3]/accuracy": 33.33333333333333,
  "hard/pass@1[avg-of-3]/accuracy/std_dev_across_runs": 57.735026918962575,
  "hard/pass@1[avg-of-3]/accuracy/std_err_across_runs": 33.333333333333336,
  "hard/pass@1[avg-of-3]/no_answer": 0.0,
  "hard/pass@1[avg-of-3]/no_answer/std_dev_across_runs": 0.0,
  "hard/pass@1[avg-of-3]/no_answer/std_err_across_runs": 0.0,
  "hard/pass@2/accuracy": 66.66666666666667,
  "hard/pass@2/no_answer": 0.0,
  "hard/pass@3/accuracy": 100.0,
  "hard/pass@3/no_answer": 0.0,
  "majority@1/accuracy": 60.0,
  "majority@1/no_answer": 0.0,
  "majority@2/accuracy": 60.0,
  "majority@2/no_answer": 0.0,
  "majority@3/accuracy": 60.0,
  "majority@3/no_answer": 0.0,
  "majority@4/accuracy": 60.0,
  "majority@4/no_answer": 0.0,
  "medium/majority@1/accuracy": 0.0,
  "medium/majority@1/no_answer": 0.0,
  "medium/majority@2/accuracy": 100.0,
  "medium/majority@2/no_answer": 0.0,
  "medium/pass@1/accuracy": 50.0,
  "medium/pass@1/no_answer": 50.0,
  "medium/pass@1[avg-of-1]/accuracy": 0.0,
  "medium/pass@1[avg-of-1]/no_answer": 100.0,
  "medium/pass@1[avg-of-2]/accuracy": 50.0,
  "medium/pass@1[avg-of-2]/accuracy/std_dev_across_runs": 70.71067811865476,
  "medium/pass@1[avg-of-2]/accuracy/std_err_across_runs": 50.0,
  "medium/pass@1[avg-of-2]/no_answer": 50.0,
  "medium/pass@1[avg-of-2]/no_answer/std_dev_across_runs": 70.71067811865476,
  "medium/pass@1[avg-of-2]/no_answer/std_err_across_runs": 50.0,
  "medium/pass@2/accuracy": 100.0,
  "medium/pass@2/no_answer": 100.0,
  "pass@1/accuracy": 51.66666666666667,
  "pass@1/no_answer": 30.0,
  "pass@1[avg-of-1]/accuracy": 60.0,
  "pass@1[avg-of-1]/no_answer": 40.0,
  "pass@1[avg-of-2]/accuracy": 50.0,
  "pass@1[avg-of-2]/accuracy/avg_sample_std_dev": 0.7071067811865476,
  "pass@1[avg-of-2]/accuracy/std_dev_across_runs": 18.856180831641264,
  "pass@1[avg-of-2]/accuracy/std_err_across_runs": 13.33333333333333,
  "pass@1[avg-of-2]/no_answer": 30.0,
  "pass@1[avg-of-2]/no_answer/avg_sample_std_dev": 0.23570226039551587,
  "pass@1[avg-of-2]/no_answer/std_dev_across_runs": 28.284271247461902,
  "pass@1[avg-of-2]/no_answer/std_err_across_runs": 20.0,
  "pass@1[avg-of-3]/accuracy": 50.0,
  "pass@1[avg-of-3]/accuracy/avg_sample_std_dev": 0.6206024398552664,
  "pass@1[avg-of-3]/accuracy/std_dev_across_runs": 13.471506281091266,
  "pass@1[avg-of-3]/accuracy/std_err_across_runs": 7.777777777777777,
  "pass@1[avg-of-3]/no_answer": 30.0,
  "pass@1[avg-of-3]/no_answer/avg_sample_std_dev": 0.23570226039551587,
  "pass@1[avg-of-3]/no_answer/std_dev_across_runs": 23.09401076758503,
  "pass@1[avg-of-3]/no_answer/std_err_across_runs": 13.333333333333334,
  "pass@1[avg-of-4]/accuracy": 51.666666666666664,
  "pass@1[avg-of-4]/accuracy/avg_sample_std_dev": 0.5948190167920577,
  "pass@1[avg-of-4]/accuracy/std_dev_across_runs": 28.333333333333332,
  "pass@1[avg-of-4]/accuracy/std_err_across_runs": 14.166666666666666,
  "pass@1[avg-of-4]/no_answer": 30.0,
  "pass@1[avg-of-4]/no_answer/avg_sample_std_dev": 0.23570226039551587,
  "pass@1[avg-of-4]/no_answer/std_dev_across_runs": 20.0,
  "pass@1[avg-of-4]/no_answer/std_err_across_runs": 10.0,
  "pass@2/accuracy": 88.8888888888889,
  "pass@2/no_answer": 33.333333333333336,
  "pass@3/accuracy": 100.0,
  "pass@3/no_answer": 0.0,
  "pass@4/accuracy": 100.0,
  "pass@4/no_answer": 0.0,
  "per_sample_aggregate": {"accuracy": [60.0, 33.333333333333336, 50.0, 100.0], "no_answer": [40.0, 0.0, 0.0, 0.0]},
};
const NEMO_KEY_METRICS = {
  "easy/pass@1[avg-of-4]/accuracy": 75.0,
  "hard/pass@1[avg-of-3]/accuracy": 33.33333333333333,
  "majority@4/accuracy": 60.0,
  "mean/input_tokens": 15.181818181818182,
  "mean/output_tokens": 5.0,
  "medium/pass@1[avg-of-2]/accuracy": 50.0,
  "pass@1[avg-of-4]/accuracy": 51.666666666666664,
  "pass@4/accuracy": 100.0,
};
// agent_metrics less the reward profile's statistics of every numeric field: what compute_metrics adds.
const computed = (agent: Record<string, unknown>) => Object.fromEntries(Object.entries(agent).filter(([k]) => !/^(mean|max|min|median|std)\//.test(k)));

describe("aggregate metrics", () => {
  test("pass@k and majority@k over extracted_model_code of accuracy (reward above 0), avg_sample_std_dev, per difficulty; NeMo Gym's headline with each difficulty's pass@1[avg-of-k]", async () => {
    const res = await client(server, serverEnv("code_gen")).post("/aggregate_metrics", { verify_responses: ROLLOUTS });
    expect(res.status).toBe(200);
    expect(computed(res.body.agent_metrics)).toEqual(NEMO_METRICS);
    expect(res.body.key_metrics).toEqual(NEMO_KEY_METRICS);
  });
});
