// nvarc's /verify against a fake sandbox (the harness itself runs under python3 in
// nvarc/harness.node.test.ts): both modes, the parsing rules where naive versions differ, every
// verify field, bad rows, and long hostile replies.
import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/nvarc/index.ts";
import { extractProgram, parseGrid, stripThinking } from "../../../workers/resources/nvarc/parse.ts";
import { gridOf } from "../../../workers/resources/nvarc/program.ts";
import type { RunRequest, RunResult } from "../../../shared/sandbox/schema.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";
import { FAKE_SANDBOX_URL, useFakeSandbox } from "../../workerd/fake_sandbox.ts";

const CONFIG = { sandbox_url: FAKE_SANDBOX_URL };
const EXPECTED = [[2, 0, 2], [0, 0, 0]];
const TEST_INPUT = [[1, 5, 1], [0, 5, 1]];

let answer: (request: RunRequest) => Partial<RunResult> = () => ({ stdout: JSON.stringify({ success: true, result: EXPECTED }) + "\n" });
const requests = useFakeSandbox((request) => answer(request));

const reply = (text: string) => ({ id: "r1", output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] }] });
const row = (extra: object = {}) => ({ responses_create_params: { input: [{ role: "user", content: "Solve." }] }, train: [{ input: [[1]], output: [[2]] }], test_input: TEST_INPUT, expected_output: EXPECTED, task_id: "t1", problem_id: "t1", ...extra });

async function verify(text: string, extra: object = {}, config: object = CONFIG) {
  return client(server, serverEnv("nvarc", { INSTANCE_CONFIG: config })).post("/verify", { ...row(extra), response: reply(text) });
}
async function verified(text: string, extra?: object, config?: object) {
  const res = await verify(text, extra, config);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Record<string, any>;
}

describe("nvarc: reading a grid (Board.from_text, digit palette)", () => {
  test("\\boxed{} spans to the text's last }, one character at least; punctuation goes, multi-digit and non-digit words go", () => {
    expect(parseGrid("\\boxed{\n2 0 2\n0 0 0\n}")).toEqual(EXPECTED);
    // "\\boxed{2" loses its punctuation and becomes one word "boxed2": removed.
    expect(parseGrid("first \\boxed{1 1} then \\boxed{2 2} }")).toEqual([[1, 1, 2]]);
    expect(parseGrid("[[2, 0, 2], [0, 0, 0]]")).toEqual([[2, 0, 2, 0, 0, 0]]);
    expect(parseGrid("[2, 0, 2],\n[0, 0, 0]")).toEqual(EXPECTED);
    expect(parseGrid("row: 2 0 2\nrow: 0 0 0")).toEqual(EXPECTED);
    expect(parseGrid("12 0 2\n0 0 0")).toBeUndefined();
    expect(parseGrid("2 0 2\n0 0")).toBeUndefined();
    expect(parseGrid("\\boxed{}")).toBeUndefined();
    expect(parseGrid("no digits")).toBeUndefined();
    // Python's \w counts ٣ as a word (removed: not in the palette); its \s counts U+001F, not U+FEFF.
    expect(parseGrid("2\u001f0 2 ٣\n0 0 0")).toEqual(EXPECTED);
    expect(parseGrid("2\ufeff0 2\n0 0 0")).toBeUndefined();
    // \r is whitespace, not a row break.
    expect(parseGrid("2 0 2\r0 0 0")).toEqual([[2, 0, 2, 0, 0, 0]]);
  });

  test("every closed <think> span goes, an unclosed one stays", () => {
    expect(stripThinking("<think>a</think>b<think>c</think>d")).toBe("bd");
    expect(stripThinking(" x <think>never closed")).toBe("x <think>never closed");
    expect(parseGrid("<think>9 9 9</think>\n2 0 2\n0 0 0")).toEqual(EXPECTED);
  });

  test("the program: the last ```python block, else the last bare one, else a text defining transform", () => {
    expect(extractProgram("```python\na\n```\n```python  \n\n  b = 1  \n```")).toBe("b = 1");
    // "```python x" opens nothing; its closing fence then opens an empty bare block, the last one (as re.findall has it).
    expect(extractProgram("```python x\n```\n```\nc\n```")).toBe("");
    expect(extractProgram("```js\nd\n```")).toBeUndefined();
    expect(extractProgram("```\nd\n```")).toBe("d");
    expect(extractProgram("def transform(g):\n    return g\n")).toBe("def transform(g):\n    return g");
    expect(extractProgram("```python\nnever closed def transform")).toBe("```python\nnever closed def transform");
    expect(extractProgram("prose")).toBeUndefined();
  });

  test("a run's grid: only a whole stdout of one success line, validated as pydantic's list[list[int]]", () => {
    expect(gridOf('{"success": true, "result": [[true, "3", 2.0, " 1_0 "]]}\n', 0)).toEqual([[1, 3, 2, 10]]);
    expect(gridOf('{"success": true, "result": [[1.5]]}', 0)).toBeUndefined();
    expect(gridOf('noise\n{"success": true, "result": [[1]]}', 0)).toBeUndefined();
    expect(gridOf('{"success": true, "result": [[1]]}', 1)).toBeUndefined();
    expect(gridOf('{"success": true, "result": null}', 0)).toBeUndefined();
    expect(gridOf('{"success": false, "result": [[1]]}', 0)).toBeUndefined();
    expect(gridOf('{"success": true, "result": [[1], [1, 2]]}', 0)).toBeUndefined();
    expect(gridOf('{"success": true, "result": [[]]}', 0)).toBeUndefined();
  });
});

describe("nvarc: verify", () => {
  test("transductive (the config's default): every field; the row's own agent_mode wins", async () => {
    expect(await verified("\\boxed{2 0 2\n0 0 0}")).toMatchObject({ reward: 1, expected_output: EXPECTED, predicted_output: EXPECTED, extraction_successful: true, exact_match: true, agent_mode: "transductive", task_id: "t1" });
    expect(await verified("2 0 2\n0 0 1")).toMatchObject({ reward: 0, predicted_output: [[2, 0, 2], [0, 0, 1]], extraction_successful: true, exact_match: false });
    expect(await verified("I give up")).toMatchObject({ reward: 0, predicted_output: null, extraction_successful: false, exact_match: false });
    expect(await verified("\\boxed{2 0 2\n0 0 0}", { agent_mode: "transductive" }, { ...CONFIG, agent_mode: "inductive" })).toMatchObject({ reward: 1, agent_mode: "transductive" });
    expect(requests).toHaveLength(0);
  });

  test("inductive: the program and the test input go to the sandbox, never the expected grid; its grid is compared here", async () => {
    const program = "def transform(grid):\n    return [[2, 0, 2], [0, 0, 0]]";
    const body = await verified(`Here.\n\`\`\`python\n${program}\n\`\`\``, { agent_mode: "inductive" });
    expect(body).toMatchObject({ reward: 1, predicted_output: EXPECTED, extraction_successful: true, exact_match: true, agent_mode: "inductive" });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.files["program.py"]).toBe(program);
    expect(JSON.parse(requests[0]!.stdin)).toEqual(TEST_INPUT);
    expect(requests[0]!.limits).toMatchObject({ wall_s: 35, cpu_s: 35 });
    expect(JSON.stringify(requests[0])).not.toContain("expected");
    answer = () => ({ stdout: JSON.stringify({ success: true, result: [[2, 0, 2], [0, 0, 1]] }) });
    expect(await verified("```python\ndef transform(g):\n    return g\n```", {}, { ...CONFIG, agent_mode: "inductive", python_timeout_seconds: 2 })).toMatchObject({ reward: 0, extraction_successful: true, exact_match: false });
    expect(requests[1]!.limits).toMatchObject({ wall_s: 7 });
    answer = () => ({ stdout: "", exit_code: null, timed_out: true });
    expect(await verified("```python\ndef transform(g):\n    while True: pass\n```", { agent_mode: "inductive" })).toMatchObject({ reward: 0, predicted_output: null, extraction_successful: false });
    // No program: no run.
    expect(await verified("no code", { agent_mode: "inductive" })).toMatchObject({ reward: 0, extraction_successful: false });
    expect(requests).toHaveLength(3);
  });

  test("bad rows are 400 with the field path", async () => {
    const res = await verify("x", { test_input: [[1.5]], expected_output: "grid" });
    expect(res.status).toBe(400);
    expect(res.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["expected_output", "test_input[0][0]"]);
  });

  test("500 KB hostile replies are read in linear time", async () => {
    for (const text of ["<think>".repeat(70_000), "```python".repeat(55_000), "```" + " ".repeat(500_000), "\\boxed{".repeat(70_000), "1 ".repeat(250_000), "é".repeat(500_000)]) {
      for (const agent_mode of ["transductive", "inductive"]) {
        answer = () => ({ stdout: "" });
        const started = Date.now();
        const body = await verified(text, { agent_mode });
        expect(body.reward).toBe(0);
        expect(Date.now() - started).toBeLessThan(2000);
      }
    }
  });
});
