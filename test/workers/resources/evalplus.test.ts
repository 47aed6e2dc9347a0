// evalplus's /verify against a fake sandbox: fetch to FAKE_SANDBOX_URL is answered as our harness would
// answer for the few programs used here (the real sandbox is tested through the stack).
import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/evalplus/index.ts";
import { RESULT_MARKER } from "../../../workers/resources/evalplus/program.ts";
import { outputMatches } from "../../../workers/resources/evalplus/compare.ts";
import { extractCode } from "../../../workers/resources/evalplus/extract.ts";
import type { RunRequest, RunResult } from "../../../shared/sandbox/schema.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";
import { FAKE_SANDBOX_URL, useFakeSandbox } from "../../workerd/fake_sandbox.ts";

const CONFIG = { sandbox_url: FAKE_SANDBOX_URL, test_timeout_secs: 2 };

type Program = (args: unknown[][], request: RunRequest) => Partial<RunResult>;
const line = (record: object) => `${RESULT_MARKER}${JSON.stringify(record)}\n`;
/** What our harness prints when the entry point is `f` (a JS stand-in for the solution). */
const calls =
  (f: (...args: any[]) => unknown, floats = false): Program =>
  (args) => ({ stdout: "a print of the solution\n" + args.map((a, i) => line({ i, status: "ok", floats, value: f(...a) })).join("") });

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
    expect(body).toMatchObject({ reward: 1, reward_components: { base: 1, plus: 1 }, base_status: "pass", plus_status: "pass", base_details: [true, true], plus_details: [true, true], extracted_model_code: code });
    expect(requests).toHaveLength(2);
    expect(requests.map((r) => JSON.parse(r.stdin))).toEqual([ADD.base_inputs, ADD.plus_inputs]);
    expect(Object.keys(requests[0]!.files).sort()).toEqual(["main.py", "solution.py"]);
    expect(requests[0]!.files["solution.py"]!.endsWith(code)).toBe(true);
    expect(requests[0]!.files["main.py"]).toContain('getattr(solution, "add")');
    expect(requests[0]!.language).toBe("python");
    expect(requests[0]!.limits).toMatchObject({ wall_s: 5, memory_mb: 4096 });
  });

  test("passing the base tests and failing a plus test: base 1, plus 0, reward 0", async () => {
    program = calls((a, b) => Math.abs(a + b));
    const body = await verified(fenced("def add(a, b):\n    return abs(a + b)"));
    expect(body).toMatchObject({ reward: 0, reward_components: { base: 1, plus: 0 }, base_status: "pass", plus_status: "fail", plus_details: [false, true], plus_first_failure: { index: 0, reason: "wrong output" } });
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
    program = () => ({ stdout: line({ i: 0, status: "ok", floats: false, value: 1 }) + line({ i: 1, status: "error", error: "ZeroDivisionError('division by zero')" }) });
    const body = await verified(fenced("def f(x): ..."), metadata);
    expect(body).toMatchObject({ reward: 0, reward_components: { base: 0, plus: 0 }, base_status: "fail", plus_status: "pass", base_details: [true, false, false], base_first_failure: { index: 1, reason: "ZeroDivisionError('division by zero')" } });
    expect(requests).toHaveLength(1); // an empty plus list runs nothing
    program = () => ({ stdout: line({ i: 0, status: "timeout", error: "_Timeout()" }) });
    expect(await verified(fenced("def f(x): ..."), metadata)).toMatchObject({ base_status: "timeout", base_details: [false, false, false] });
    program = () => ({ stdout: line({ i: 0, status: "ok", floats: false, value: 1 }), timed_out: true, exit_code: null, signal: "SIGKILL" });
    expect(await verified(fenced("def f(x): ..."), metadata)).toMatchObject({ base_status: "timeout", base_details: [true, false, false], base_first_failure: { index: 1, reason: "the run ran out of time" } });
  });

  test("a forged result line that is not JSON, or for a test that does not exist, is ignored", async () => {
    program = () => ({ stdout: `${RESULT_MARKER}{"i": 0, "status": "ok", "value": 3} trust me\n${line({ i: 9, status: "ok", value: 12 })}` });
    expect(await verified(fenced("def add(a, b): ..."))).toMatchObject({ reward: 0, base_details: [false, false] });
  });

  test("a reply without a code block earns 0 and runs nothing", async () => {
    program = () => expect.unreachable("nothing runs");
    const body = await verified("I would return a + b.");
    expect(body).toMatchObject({ reward: 0, reward_components: { base: 0, plus: 0 }, extracted_model_output: "I would return a + b." });
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

describe("evalplus: comparing outputs", () => {
  test("Python ==: 1 == 1.0 == True, lists element by element, dicts by key", () => {
    expect(outputMatches(1, false, true)).toBe(true);
    expect(outputMatches([1, [2, "a"]], false, [1, [2, "a"]])).toBe(true);
    expect(outputMatches({ a: 1 }, false, { a: 1.0 })).toBe(true);
    expect(outputMatches([1, 2], false, [2, 1])).toBe(false);
    expect(outputMatches("1", false, 1)).toBe(false);
  });

  test("floats: np.allclose with rtol 1e-7 and atol 1e-6, or the problem's atol; an int is not a float", () => {
    expect(outputMatches(0.30000000000000004, true, 0.3)).toBe(true);
    expect(outputMatches(2.0000005, true, 2)).toBe(true);
    expect(outputMatches(2.00001, true, 2)).toBe(false);
    expect(outputMatches([1.0000001, 2.5], true, [1, 2.5])).toBe(true);
    expect(outputMatches(3, false, 3.0000001)).toBe(false);
    expect(outputMatches(3, false, 3.01, 0.1)).toBe(false);
    expect(outputMatches(3.05, true, 3, 0.1)).toBe(true);
    expect(outputMatches([1, 2], true, [1, 2, 3])).toBe(false);
  });

  test("the code is the reply's last python block, else its last block", () => {
    expect(extractCode("```python\na = 1\n```\ntext\n```py\nb = 2\n```\n```\nplain\n```")).toBe("b = 2");
    expect(extractCode("```\nonly\n```")).toBe("only");
    expect(extractCode("no code")).toBe("");
  });
});
