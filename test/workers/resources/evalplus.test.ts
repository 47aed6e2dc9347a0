// evalplus's /verify against a fake sandbox: fetch to FAKE_SANDBOX_URL is answered as our harness would
// answer for the few programs used here (the real sandbox is tested through the stack).
import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/evalplus/index.ts";
import { RESULT_MARKER } from "../../../workers/resources/evalplus/program.ts";
import { outputMatches } from "../../../workers/resources/evalplus/compare.ts";
import { parseExact } from "../../../shared/json/exact.ts";
import { extractCode } from "../../../workers/resources/evalplus/extract.ts";
import type { RunRequest, RunResult } from "../../../shared/sandbox/schema.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";
import { FAKE_SANDBOX_URL, useFakeSandbox } from "../../workerd/fake_sandbox.ts";

const CONFIG = { sandbox_url: FAKE_SANDBOX_URL, test_timeout_secs: 2 };

type Program = (args: unknown[][], request: RunRequest) => Partial<RunResult>;
const line = (record: object) => `${RESULT_MARKER}${JSON.stringify(record)}\n`;
/** What our harness prints when the entry point is `f` (a JS stand-in for the solution). */
const calls =
  (f: (...args: any[]) => unknown): Program =>
  (args) => ({ stdout: "a print of the solution\n" + args.map((a, i) => line({ i, status: "ok", value: f(...a) })).join("") });

let program: Program;
const requests = useFakeSandbox((body) => program(JSON.parse(body.stdin), body));

const ADD = { entry_point: "add", base_inputs: [[1, 2], [5, 7]], base_outputs: [3, 12], plus_inputs: [[-3, -4], [0, 0]], plus_outputs: [-7, 424242] };
const ADD_RIGHT = { ...ADD, plus_outputs: [-7, 0] };
const row = (verifier_metadata: object) => ({ responses_create_params: { input: [{ role: "user", content: "Complete add." }] }, verifier_metadata });
const reply = (text: string) => ({ id: "r1", output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] }] });
const fenced = (code: string) => `Here it is:\n\n\`\`\`python\n${code}\n\`\`\``;

async function verify(text: string, metadata: object = ADD_RIGHT, config: object = CONFIG) {
  const res = await client(server, serverEnv("evalplus", { INSTANCE_CONFIG: config })).post("/verify", { ...row(metadata), response: reply(text) });
  return res;
}
async function verified(text: string, metadata?: object) {
  const res = await verify(text, metadata);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Record<string, any>;
}

describe("evalplus: verify", () => {
  test("a right function passes both lists: base 1, plus 1, reward 1; one run per list, no expected output sent", async () => {
    program = calls((a, b) => a + b);
    const code = "def add(a, b):\n    return a + b";
    const body = await verified(fenced(code));
    expect(body).toMatchObject({ reward: 1, reward_components: { base: 1, plus: 1 }, base_status: "pass", plus_status: "pass", is_correct: true, is_correct_plus: true, base_details: [true, true], plus_details: [true, true], extracted_model_code: code });
    expect(requests).toHaveLength(2);
    expect(requests.map((r) => JSON.parse(r.stdin))).toEqual([ADD.base_inputs, ADD.plus_inputs]);
    expect(Object.keys(requests[0]!.files).sort()).toEqual(["main.py", "solution.py"]);
    expect(requests[0]!.files["solution.py"]!.endsWith(code)).toBe(true);
    expect(requests[0]!.files["main.py"]).toContain('ENTRY, LIMIT, BUDGET, MARKER = "add", 2, 4,');
    expect(requests[0]!.language).toBe("python");
    expect(requests[0]!.limits).toMatchObject({ wall_s: 17, memory_mb: 4096 });
  });

  test("passing the base tests and failing a plus test: base 1, plus 0, reward 0", async () => {
    program = calls((a, b) => Math.abs(a + b));
    const body = await verified(fenced("def add(a, b):\n    return abs(a + b)"));
    expect(body).toMatchObject({ reward: 0, reward_components: { base: 1, plus: 0 }, base_status: "pass", plus_status: "fail", is_correct: true, is_correct_plus: false, plus_details: [false, true], plus_first_failure: { index: 0, reason: "wrong output" } });
    // The expected outputs never went to the sandbox.
    for (const r of requests) expect([r.stdin, ...Object.values(r.files)].join("\n")).not.toContain("424242");
  });

  test("plus counts base and plus together, as EvalPlus's base + extra", async () => {
    program = (args) => calls((a, b) => (a === 1 ? 0 : a + b))(args, undefined as never);
    const body = await verified(fenced("def add(a, b): ..."));
    expect(body).toMatchObject({ reward: 0, reward_components: { base: 0, plus: 0 }, base_status: "fail", plus_status: "pass" });
  });

  test("{input, output} pairs are read as the columns are; errors, timeouts and missing results fail a test", async () => {
    const metadata = { entry_point: "f", base_tests: [{ input: [1], output: 1 }, { input: [2], output: 2 }, { input: [3], output: 3 }], plus_tests: [] };
    program = () => ({ stdout: line({ i: 0, status: "ok", value: 1 }) + line({ i: 1, status: "error", error: "ZeroDivisionError('division by zero')" }) });
    const body = await verified(fenced("def f(x): ..."), metadata);
    expect(body).toMatchObject({ reward: 0, reward_components: { base: 0, plus: 0 }, base_status: "fail", plus_status: "pass", base_details: [true, false, false], base_first_failure: { index: 1, reason: "ZeroDivisionError('division by zero')" } });
    expect(requests).toHaveLength(1); // an empty plus list runs nothing
    program = () => ({ stdout: line({ i: 0, status: "timeout", error: "_Timeout()" }) });
    expect(await verified(fenced("def f(x): ..."), metadata)).toMatchObject({ base_status: "timeout", base_details: [false, false, false] });
    program = () => ({ stdout: line({ i: 0, status: "ok", value: 1 }), timed_out: true, exit_code: null, signal: "SIGKILL" });
    expect(await verified(fenced("def f(x): ..."), metadata)).toMatchObject({ base_status: "timeout", base_details: [true, false, false], base_first_failure: { index: 1, reason: "the run ran out of time" } });
  });

  test("a forged result line that is not JSON, or for a test that does not exist, is ignored", async () => {
    program = () => ({ stdout: `${RESULT_MARKER}{"i": 0, "status": "ok", "value": 3} trust me\n${line({ i: 9, status: "ok", value: 12 })}` });
    expect(await verified(fenced("def add(a, b): ..."))).toMatchObject({ reward: 0, base_details: [false, false] });
  });

  test("a reply without a code block earns 0 and runs nothing", async () => {
    program = () => expect.unreachable("nothing runs");
    const body = await verified("I would return a + b.");
    expect(body).toMatchObject({ reward: 0, reward_components: { base: 0, plus: 0 }, is_correct: false, is_correct_plus: false, extracted_model_output: "I would return a + b." });
    expect(body).not.toHaveProperty("extracted_model_code");
    expect(requests).toHaveLength(0);
  });

  test("a sandbox that fails is no reward at all, not 0", async () => {
    globalThis.fetch = (async () => new Response("boom", { status: 500 })) as typeof fetch;
    const res = await verify(fenced("def add(a, b):\n    return a + b"));
    const body = res.body as Record<string, unknown>;
    expect(body).not.toHaveProperty("reward");
    expect(body._ng_failure_class).toBe("sandbox_failed");
  });

  test("a row without base tests, or with outputs that do not pair with inputs, is refused", async () => {
    program = () => expect.unreachable("nothing runs");
    expect((await verify(fenced("def f(): ..."), { entry_point: "f", base_inputs: [] })).status).toBe(400);
    expect((await verify(fenced("def f(): ..."), { entry_point: "f", base_inputs: [[1]], base_outputs: [1, 2] })).status).toBe(400);
  });
});

describe("evalplus: a task from EvalPlus's dataset (prompt, canonical_solution, inputs without outputs)", () => {
  // A row as collect completes it from a HumanEval+ file (our own task, EvalPlus's fields).
  const PROMPT = 'def add(a: int, b: int) -> int:\n    """Return a + b."""\n';
  const TASK = { task_id: "EdgeGym/0", entry_point: "add", prompt: PROMPT, canonical_solution: "    return a + b\n", base_inputs: [[1, 2], [5, 7]], plus_inputs: [[-3, -4]] };
  /** The reference (its solution file holds the canonical body) returns a + b; the reply, `reply`. */
  const programs = (replyFn: (a: number, b: number) => number): Program => (args, request) =>
    calls(request.files["solution.py"]!.includes("    return a + b\n") ? (a, b) => a + b : replyFn)(args, request);

  test("the expected outputs are the reference's, run in the sandbox; the reply runs after the prompt, as NeMo Gym runs it", async () => {
    program = programs((a, b) => a + b);
    const body = await verified(fenced("    return a + b if True else 0"), TASK);
    expect(body).toMatchObject({ reward: 1, reward_components: { base: 1, plus: 1 }, base_details: [true, true], plus_details: [true] });
    // Two reference runs (base, plus), then the reply's two.
    expect(requests).toHaveLength(4);
    expect(requests.slice(2).every((r) => r.files["solution.py"]!.includes(`${PROMPT}    return a + b if True else 0`))).toBe(true);
    // A reply that starts with the prompt is not given it twice.
    program = programs((a, b) => Math.abs(a + b));
    const whole = `${PROMPT}    return abs(a + b)`;
    expect(await verified(fenced(whole), TASK)).toMatchObject({ reward: 0, reward_components: { base: 1, plus: 0 }, plus_first_failure: { index: 0, reason: "wrong output" } });
    expect(requests.at(-1)!.files["solution.py"]!.split(PROMPT)).toHaveLength(2);
  });

  test("a task's reference runs once for its rollouts; another task's inputs run it again", async () => {
    // Inputs of its own: the isolate keeps references across this file's tests.
    const task = { ...TASK, task_id: "EdgeGym/cached", base_inputs: [[1, 3]], plus_inputs: [[-3, -5]] };
    program = programs((a, b) => a + b);
    for (let i = 0; i < 3; i++) expect((await verified(fenced("    return a + b"), task)).reward).toBe(1);
    expect(requests).toHaveLength(2 + 3 * 2);
    await verified(fenced("    return a + b"), { ...task, plus_inputs: [[-3, -6]] });
    expect(requests).toHaveLength(2 + 3 * 2 + 1 + 2);
  });

  test("a reference that fails a call is no reward at all, not 0, and is run again next time", async () => {
    const task = { ...TASK, task_id: "EdgeGym/failing", base_inputs: [[1, 4]], plus_inputs: [[-3, -7]] };
    program = (args, request) => (request.files["solution.py"]!.includes("    return a + b\n") ? { stdout: line({ i: 0, status: "error", error: "NameError('x')" }) } : calls((a, b) => a + b)(args, request));
    for (let i = 0; i < 2; i++) {
      const body = (await verify(fenced("def add(a, b):\n    return a + b"), task)).body as Record<string, unknown>;
      expect(body).not.toHaveProperty("reward");
      expect(body._ng_failure_class).toBe("reference_failed");
    }
    expect(requests.length).toBe(4);
  });

  test("a row that gives only task_id (NeMo Gym's rows) is a 400 on verifier_metadata.task_id saying where its tests come from", async () => {
    program = () => expect.unreachable("nothing runs");
    const res = await verify(fenced("def add(a, b): ..."), { task_id: "HumanEval/0" });
    expect(res.status).toBe(400);
    expect(res.body.error.issues).toEqual([{ path: "verifier_metadata.task_id", message: expect.stringContaining("dataset_fpath") }]);
  });
});

describe("evalplus: numbers from the row to the comparison", () => {
  /** A verify body as text, its verifier_metadata as the row writes it (numbers a double cannot hold among them). */
  const rowText = (metadata: string, code = "def f(*a): ...") => `{"responses_create_params": ${JSON.stringify(row({}).responses_create_params)}, "verifier_metadata": ${metadata}, "response": ${JSON.stringify(reply(fenced(code)))}}`;
  /** A result line as our harness writes it, the value as Python's json.dumps wrote it. */
  const result = (i: number, value: string) => `${RESULT_MARKER}{"i": ${i}, "status": "ok", "value": ${value}}\n`;
  const send = async (text: string) => {
    const response = await client(server, serverEnv("evalplus", { INSTANCE_CONFIG: CONFIG })).send("/verify", text);
    const body = await response.text();
    expect(response.status, body).toBe(200);
    return { text: body, body: JSON.parse(body) as Record<string, any> };
  };

  test("the arguments reach the sandbox as the row writes them, and the answer echoes the row's numbers so", async () => {
    program = () => ({ stdout: result(0, "1") + result(1, "2.0000001") });
    const metadata = '{"entry_point": "f", "base_inputs": [[12345678901234567891, 2.0], [-0.0, 1e5]], "base_outputs": [1, 2.0]}';
    const { text, body } = await send(rowText(metadata));
    expect(requests[0]!.stdin).toBe("[[12345678901234567891,2.0],[-0.0,100000.0]]");
    expect(text).toContain('"base_inputs":[[12345678901234567891,2.0],[-0.0,100000.0]],"base_outputs":[1,2.0]');
    // 2.0000001 passes for the float 2.0 (EvalPlus's 1e-6), as it would not for an int 2.
    expect(body).toMatchObject({ reward: 1, base_details: [true, true] });
  });

  test("an int must come back exactly: past 2^53, as a float, or a float for an int", async () => {
    program = () => ({ stdout: result(0, "12345678901234567892") + result(1, "101.0") + result(2, "2432902078176640000") + result(3, "2.0000001") });
    const metadata = '{"entry_point": "f", "base_inputs": [[1], [2], [3], [4]], "base_outputs": [12345678901234567891, 101, 2432902008176640000, 2]}';
    const { body } = await send(rowText(metadata));
    expect(body).toMatchObject({ reward: 0, base_details: [false, true, false, false] });
  });

  test("the right answer for a big int is right: x % 10 of 12345678901234567891 is 1", async () => {
    program = (_args, request) => ({ stdout: result(0, request.stdin === "[[12345678901234567891]]" ? "1" : "0") });
    const { body } = await send(rowText('{"entry_point": "f", "base_inputs": [[12345678901234567891]], "base_outputs": [1]}'));
    expect(body).toMatchObject({ reward: 1 });
  });
});

describe("evalplus: comparing outputs", () => {
  // [what, the value as our harness writes it (Python's json.dumps), the expected value as a row
  // writes it, the problem's atol, EvalPlus's verdict]. Each verdict is what EvalPlus's
  // unsafe_execute check (out == exp, else np.testing.assert_allclose where a tolerance applies)
  // gave in Python 3.11 with numpy 2.4 on the same values as Python objects.
  const CASES: [string, string, string, number, boolean][] = [
    ["an int returned as a float is not the int", "101.0", "100", 0, false],
    ["float(x + 50) for x + 50, exact", "150.0", "150", 0, true],
    ["20! off by 7e10, expected an int", "2432902078176640000", "2432902008176640000", 0, false],
    ["20! off by 7e10 as a float, expected an int", "2.43290207817664e+18", "2432902008176640000", 0, false],
    ["20! off by 7e10, expected a float", "2432902078176640000", "2.43290200817664e+18", 0, true],
    ["x + 1 past 2^53", "12345678901234567892", "12345678901234567891", 0, false],
    ["2 for 2.0", "2", "2.0", 0, true],
    ["2.0 for 2", "2.0", "2", 0, true],
    ["2.0000001 for 2.0", "2.0000001", "2.0", 0, true],
    ["2.0000001 for 2", "2.0000001", "2", 0, false],
    ["3 for 3.0000001", "3", "3.0000001", 0, true],
    ["True for 1", "true", "1", 0, true],
    ["True for 1.0000001", "true", "1.0000001", 0, true],
    ["False for 0.0", "false", "0.0", 0, true],
    ["-0.0 for 0", "-0.0", "0", 0, true],
    ["-0.0 for 0.0", "-0.0", "0.0", 0, true],
    ["1e308 for inf", "1e+308", "1e999", 0, false],
    ["'2.0' for 2.0", '"2.0"', "2.0", 0, false],
    ["'5' for 5", '"5"', "5", 0, false],
    ["['1.0'] for [1.0]", '["1.0"]', "[1.0]", 0, false],
    ["2^70 for float(2^70)", "1180591620717411303424", "1.1805916207174113e+21", 0, true],
    ["2^70 + 1 for float(2^70)", "1180591620717411303425", "1.1805916207174113e+21", 0, false],
    ["2^63 + 10^6 for float(2^63)", "9223372036855775808", "9.223372036854776e+18", 0, true],
    ["10^400 for 1e308", `1${"0".repeat(400)}`, "1e+308", 0, false],
    ["10^16 + 1 for 1e16 (a float)", "10000000000000001", "1e+16", 0, true],
    ["10^16 + 1 for 10^16 (an int)", "10000000000000001", "10000000000000000", 0, false],
    ["[1, 2] for [1.0000001, 2.0]", "[1, 2]", "[1.0000001, 2.0]", 0, true],
    ["[1, 2] for [1, 2.0000001] (not all floats)", "[1, 2]", "[1, 2.0000001]", 0, false],
    ["[1.0] for []", "[1.0]", "[]", 0, false],
    ["[] for []", "[]", "[]", 0, true],
    ["2.0 for [2.0, 2.0] (numpy broadcasts)", "2.0", "[2.0, 2.0]", 0, true],
    ["[2.0, 2.0] for 2.0", "[2.0, 2.0]", "2.0", 0, true],
    ["5 for []", "5", "[]", 0, true],
    ["[[1.0]] for [[1.0000001]]", "[[1.0]]", "[[1.0000001]]", 0, false],
    ["[[1.0]] for [[1.0000001]], atol", "[[1.0]]", "[[1.0000001]]", 1e-6, true],
    ["ragged, atol", "[[1.0], [1.0, 2.0]]", "[[1.0], [1.0, 2.00000001]]", 1e-6, false],
    ["(2,1) for (1,2), atol", "[[1.0], [1.0]]", "[[1.0, 1.0]]", 1e-6, false],
    ["an int near a big int, atol", "20000001", "20000000", 1e-6, true],
    ["None for 1.0", "null", "1.0", 0, false],
    ["[1.0, None] for [1.0, 2.0]", "[1.0, null]", "[1.0, 2.0]", 0, false],
    ["{'a': 1.0} for {'a': 1.0000001}, atol", '{"a": 1.0}', '{"a": 1.0000001}', 1e-6, false],
    ["{'a': 1} for {'a': 1.0}", '{"a": 1}', '{"a": 1.0}', 0, true],
    ["[True, 2.0] for [1.0, 2.0]", "[true, 2.0]", "[1.0, 2.0]", 0, true],
    ["1e-7 for 0.0", "1e-07", "0.0", 0, true],
    ["1e-5 for 0.0", "1e-05", "0.0", 0, false],
    ["0.30000000000000004 for 0.3", "0.30000000000000004", "0.3", 0, true],
    ["3.05 for 3.0, atol 0.1", "3.05", "3.0", 0.1, true],
    ["3.05 for 3, atol 0.1", "3.05", "3", 0.1, true],
  ];

  test.each(CASES)("%s", (_what, out, expected, atol, verdict) => {
    expect(outputMatches(parseExact(out), parseExact(expected), atol)).toBe(verdict);
  });

  test("the code is the reply's last python block, else its last block", () => {
    expect(extractCode("```python\na = 1\n```\ntext\n```py\nb = 2\n```\n```\nplain\n```")).toBe("b = 2");
    expect(extractCode("```\nonly\n```")).toBe("only");
    expect(extractCode("no code")).toBe("");
  });
});

// Verify responses (tasks and rollouts out of order, uneven k) and what NeMo Gym's own
// compute_metrics and get_key_metrics return for them (run on these rollouts, pinned).
const ROLLOUTS = [
  {"_ng_task_index": 0, "_ng_rollout_index": 1, "reward": 0.0, "response": {"usage": {"input_tokens": 10, "output_tokens": 5}}, "is_correct": true, "is_correct_plus": false, "extracted_model_code": "def f(): return 2"},
  {"_ng_task_index": 0, "_ng_rollout_index": 0, "reward": 1.0, "response": {"usage": {"input_tokens": 12, "output_tokens": 5}}, "is_correct": true, "is_correct_plus": true, "extracted_model_code": "def f(): return 1"},
  {"_ng_task_index": 0, "_ng_rollout_index": 2, "reward": 1.0, "response": {"usage": {"input_tokens": 13, "output_tokens": 5}}, "is_correct": true, "is_correct_plus": true, "extracted_model_code": "def f(): return 1"},
  {"_ng_task_index": 1, "_ng_rollout_index": 0, "reward": 0.0, "response": {"usage": {"input_tokens": 14, "output_tokens": 5}}, "is_correct": false, "is_correct_plus": false, "extracted_model_code": null},
  {"_ng_task_index": 1, "_ng_rollout_index": 1, "reward": 0.0, "response": {"usage": {"input_tokens": 15, "output_tokens": 5}}, "is_correct": true, "is_correct_plus": false, "extracted_model_code": "def g(): pass"},
  {"_ng_task_index": 2, "_ng_rollout_index": 0, "reward": 0.0, "response": {"usage": {"input_tokens": 16, "output_tokens": 5}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 1, "reward": 1.0, "response": {"usage": {"input_tokens": 17, "output_tokens": 5}}, "is_correct": true, "is_correct_plus": true, "extracted_model_code": "def h(): pass"},
];
const NEMO_METRICS: Record<string, unknown> = {
  "majority@1/no_answer": 0.0,
  "majority@1/passing_base_tests": 33.333333333333336,
  "majority@1/passing_plus_tests": 33.333333333333336,
  "majority@2/no_answer": 0.0,
  "majority@2/passing_base_tests": 100.0,
  "majority@2/passing_plus_tests": 50.0,
  "majority@3/no_answer": 0.0,
  "majority@3/passing_base_tests": 100.0,
  "majority@3/passing_plus_tests": 66.66666666666667,
  "pass@1/no_answer": 33.333333333333336,
  "pass@1/passing_base_tests": 66.66666666666667,
  "pass@1/passing_plus_tests": 38.88888888888889,
  "pass@1[avg-of-1]/no_answer": 66.66666666666667,
  "pass@1[avg-of-1]/passing_base_tests": 33.333333333333336,
  "pass@1[avg-of-1]/passing_plus_tests": 33.333333333333336,
  "pass@1[avg-of-2]/no_answer": 33.333333333333336,
  "pass@1[avg-of-2]/no_answer/std_dev_across_runs": 47.14045207910317,
  "pass@1[avg-of-2]/no_answer/std_err_across_runs": 33.333333333333336,
  "pass@1[avg-of-2]/passing_base_tests": 66.66666666666667,
  "pass@1[avg-of-2]/passing_base_tests/std_dev_across_runs": 47.14045207910317,
  "pass@1[avg-of-2]/passing_base_tests/std_err_across_runs": 33.333333333333336,
  "pass@1[avg-of-2]/passing_plus_tests": 33.333333333333336,
  "pass@1[avg-of-2]/passing_plus_tests/std_dev_across_runs": 0.0,
  "pass@1[avg-of-2]/passing_plus_tests/std_err_across_runs": 0.0,
  "pass@1[avg-of-3]/no_answer": 33.333333333333336,
  "pass@1[avg-of-3]/no_answer/std_dev_across_runs": 38.490017945975055,
  "pass@1[avg-of-3]/no_answer/std_err_across_runs": 22.222222222222225,
  "pass@1[avg-of-3]/passing_base_tests": 66.66666666666667,
  "pass@1[avg-of-3]/passing_base_tests/std_dev_across_runs": 38.490017945975055,
  "pass@1[avg-of-3]/passing_base_tests/std_err_across_runs": 22.222222222222225,
  "pass@1[avg-of-3]/passing_plus_tests": 38.888888888888886,
  "pass@1[avg-of-3]/passing_plus_tests/std_dev_across_runs": 38.49001794597505,
  "pass@1[avg-of-3]/passing_plus_tests/std_err_across_runs": 22.22222222222222,
  "pass@2/no_answer": 66.66666666666667,
  "pass@2/passing_base_tests": 100.0,
  "pass@2/passing_plus_tests": 66.66666666666667,
  "pass@3/no_answer": 0.0,
  "pass@3/passing_base_tests": 100.0,
  "pass@3/passing_plus_tests": 100.0,
  "per_sample_aggregate": {"no_answer": [66.66666666666667, 0.0, 0.0], "passing_base_tests": [33.333333333333336, 100.0, 100.0], "passing_plus_tests": [33.333333333333336, 33.333333333333336, 100.0]},
};
const NEMO_KEY_METRICS = {
  "majority@3/passing_base_tests": 100.0,
  "majority@3/passing_plus_tests": 66.66666666666667,
  "mean/input_tokens": 13.857142857142858,
  "mean/output_tokens": 5.0,
  "pass@1[avg-of-3]/passing_base_tests": 66.66666666666667,
  "pass@1[avg-of-3]/passing_plus_tests": 38.888888888888886,
  "pass@3/passing_base_tests": 100.0,
  "pass@3/passing_plus_tests": 100.0,
};
// agent_metrics less the reward profile's statistics of every numeric field: what compute_metrics adds.
const computed = (agent: Record<string, unknown>) => Object.fromEntries(Object.entries(agent).filter(([k]) => !/^(mean|max|min|median|std)\//.test(k)));

describe("aggregate metrics", () => {
  test("pass@k and majority@k over extracted_model_code of passing_base_tests (is_correct) and passing_plus_tests (is_correct_plus), 0 when absent; NeMo Gym's headline", async () => {
    const res = await client(server, serverEnv("evalplus")).post("/aggregate_metrics", { verify_responses: ROLLOUTS });
    expect(res.status).toBe(200);
    expect(computed(res.body.agent_metrics)).toEqual(NEMO_METRICS);
    expect(res.body.key_metrics).toEqual(NEMO_KEY_METRICS);
  });
});
