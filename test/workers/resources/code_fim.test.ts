// code_fim's /verify against a fake sandbox (the harness itself runs under python3 in
// code_fim/harness.node.test.ts): extraction, the overlap trims, the splice sent to the sandbox,
// every verify field, bad rows, and a long hostile reply.
import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/code_fim/index.ts";
import { VERDICT_MARKER, verdictOf } from "../../../workers/resources/code_fim/program.ts";
import { completionOf, cutRepeatedHead, cutRepeatedTail, extractCodeStrict } from "../../../workers/resources/code_fim/extract.ts";
import { problemsOf } from "../../../shared/datasets/human_eval_infilling/index.ts";
import type { RunRequest } from "../../../shared/sandbox/schema.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";
import { FAKE_SANDBOX_URL, useFakeSandbox } from "../../workerd/fake_sandbox.ts";

const CONFIG = { sandbox_url: FAKE_SANDBOX_URL };
const TASK = "RandomSpanInfilling/HumanEval/4/1";

let verdict: (request: RunRequest) => string = () => "passed";
const requests = useFakeSandbox((request) => ({ stdout: `\n${VERDICT_MARKER}${JSON.stringify({ result: verdict(request) })}\n` }));

const reply = (text: string) => ({ id: "r1", output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] }] });
const row = (verifier_metadata: object) => ({ responses_create_params: { input: [{ role: "user", content: "Fill the gap." }] }, verifier_metadata });

async function verify(text: string, metadata: object = { task_id: TASK }, config: object = CONFIG) {
  return client(server, serverEnv("code_fim", { INSTANCE_CONFIG: config })).post("/verify", { ...row(metadata), response: reply(text) });
}
async function verified(text: string, metadata?: object, config?: object) {
  const res = await verify(text, metadata, config);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Record<string, any>;
}

describe("code_fim: extraction and trims (NeMo-Skills' preprocessing)", () => {
  test("the last block wins, ```python preferred over a later bare fence; an unclosed block is nothing; inner whitespace kept", () => {
    expect(extractCodeStrict("```python\na\n```\n```python\n  b\n```")).toBe("\n  b\n");
    expect(extractCodeStrict("```python\na\n```\n```\nb\n```")).toBe("\na\n");
    // The last bare fence is a block's closing one: a reply of bare-fenced blocks only gives nothing, as in the reference.
    expect(extractCodeStrict("```\nb\n```")).toBe("");
    expect(extractCodeStrict("```\nb\n```\n```")).toBe("");
    expect(extractCodeStrict("```python\nnever closed")).toBe("");
    expect(extractCodeStrict("no block")).toBe("");
    expect(extractCodeStrict("<think>```python\nx\n```</think>\r\n```python\r\ny\r\n```")).toBe("\ny\n");
  });

  test("the longest repeat is cut; a run of spaces is never taken as one, a newline run is", () => {
    expect(cutRepeatedHead("    if x", " x > 0:")).toBe(" > 0:");
    expect(cutRepeatedHead("a = 1   ", "   b")).toBe("   b");
    expect(cutRepeatedHead("a = 1\n", "\nb")).toBe("b");
    expect(cutRepeatedTail("return x\n    ", "    pass")).toBe("return x\n    ");
    expect(cutRepeatedTail("total += 1\n    return total", "return total\n")).toBe("total += 1\n    ");
    // One leading newline is dropped before the trims, only one.
    expect(completionOf("\n\nx", "", "")).toBe("\nx");
  });

  test("NeMo Gym's recorded example: ' = number - int(number)' from a reply repeating the prefix's last word", async () => {
    const problem = (await problemsOf("random_span")).get("RandomSpanInfilling/HumanEval/2/1")!;
    expect(completionOf(extractCodeStrict("\n\n```python\nnum = number - int(number)\n```\n"), problem.prompt, problem.suffix)).toBe(" = number - int(number)\n");
  });

  test("every split is bundled, with its own task ids", async () => {
    const sizes = await Promise.all((["single_line", "multi_line", "random_span", "random_span_light"] as const).map(async (s) => (await problemsOf(s)).size));
    expect(sizes).toEqual([1033, 5815, 1640, 164]);
    expect((await problemsOf("multi_line")).get("MultiLineInfilling/HumanEval/0/L0_L0")?.entry_point).toBe("has_close_elements");
  });
});

describe("code_fim: verify", () => {
  test("a right span: the library's program spliced and sent, every field, reward 1", async () => {
    const problem = (await problemsOf("random_span")).get(TASK)!;
    const text = `Here:\n\n\`\`\`python\n${problem.canonical_solution}\`\`\``;
    const body = await verified(text);
    expect(body).toMatchObject({ reward: 1, extracted_model_output: text, extracted_model_code: `\n${problem.canonical_solution}`, completion: problem.canonical_solution, status: "passed", passed: true, metadata: null });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.files["program.py"]).toBe(`${problem.prompt}${problem.canonical_solution}${problem.suffix}\n${problem.test}\ncheck(${problem.entry_point})`);
    expect(requests[0]!.language).toBe("python");
    expect(requests[0]!.limits).toMatchObject({ wall_s: 9, cpu_s: 9, memory_mb: 4096 });
    expect(requests[0]!.files["main.py"]).toContain("TIMEOUT = 3\n");
  });

  test("a failing span keeps the library's status; no block, no reply and an unknown task give NeMo Gym's null fields", async () => {
    verdict = () => "failed: invalid syntax (<string>, line 12)";
    expect(await verified("```python\nx\n```")).toMatchObject({ reward: 0, passed: false, status: "failed: invalid syntax (<string>, line 12)", completion: "x\n" });
    verdict = () => "passed";
    expect(await verified("just prose")).toMatchObject({ reward: 0, extracted_model_output: "just prose", extracted_model_code: null, completion: null, status: null, passed: false, metadata: null });
    expect(await verified("")).toMatchObject({ reward: 0, extracted_model_output: null, extracted_model_code: null, completion: null, status: null, passed: false, metadata: null });
    expect(await verified("```python\nx\n```", { task_id: "SingleLineInfilling/HumanEval/0/L0" })).toMatchObject({ reward: 0, metadata: { error: 'unknown task_id "SingleLineInfilling/HumanEval/0/L0" for split "random_span"' } });
    expect(requests).toHaveLength(1);
    // The configured split decides which ids exist.
    expect(await verified("```python\nx\n```", { task_id: "SingleLineInfilling/HumanEval/0/L0" }, { ...CONFIG, split: "single_line", timeout: 1 })).toMatchObject({ status: "passed", reward: 1 });
    expect(requests[1]!.limits).toMatchObject({ wall_s: 5 });
  });

  test("a run with no verdict line (killed by the sandbox) is the library's 'timed out'; the last verdict line counts", async () => {
    verdict = () => "passed";
    expect(verdictOf("")).toBe("timed out");
    expect(verdictOf(`${VERDICT_MARKER}{"result": "passed"`)).toBe("timed out");
    expect(verdictOf(`${VERDICT_MARKER}{"result": "passed"}\n${VERDICT_MARKER}{"result": "failed: x"}`)).toBe("failed: x");
  });

  test("bad rows and configs are 400 with the field path", async () => {
    const missing = await verify("```python\nx\n```", {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["verifier_metadata.task_id"]);
    const wrongType = await verify("```python\nx\n```", { task_id: 4 });
    expect(wrongType.status).toBe(400);
    const badSplit = await client(server, serverEnv("code_fim", { INSTANCE_CONFIG: { ...CONFIG, split: "whole_file" } })).post("/verify", { ...row({ task_id: TASK }), response: reply("```python\nx\n```") });
    expect(badSplit.status).not.toBe(200);
  });

  test("a 500 KB hostile reply is read in linear time", async () => {
    verdict = () => "failed: x";
    for (const text of ["`".repeat(500_000), "```python\n" + " ".repeat(500_000) + "```", "</think>".repeat(60_000) + "```" + "\n".repeat(500_000)]) {
      const started = Date.now();
      const body = await verified(text);
      expect(body.reward).toBe(0);
      expect(Date.now() - started).toBeLessThan(2000);
    }
  });
});
