// competitive_coding_challenges' /verify against a fake sandbox (the real one runs the programs in
// competitive_coding_challenges/attacks.node.test.ts): extraction, the diff -b comparison, the
// subtask aggregations and reward rules, time scaling, every verify field, the test file, bad rows,
// and a long hostile reply. The fake "compiles" a program to its own source and "runs" it by
// looking it up in `programs`, so each test says what a program prints.
import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/competitive_coding_challenges/index.ts";
import { finalCppBlock, withIncludes } from "../../../workers/resources/competitive_coding_challenges/extract.ts";
import { outputMatches } from "../../../workers/resources/competitive_coding_challenges/compare.ts";
import { roundHalfEven } from "../../../workers/resources/competitive_coding_challenges/evaluate.ts";
import { neededProblem, readTestFile } from "../../../workers/resources/competitive_coding_challenges/test_file.ts";
import { computeMetrics } from "../../../workers/resources/competitive_coding_challenges/metrics.ts";
import testFile from "../../../workers/resources/competitive_coding_challenges/data/test_metadata.jsonl?raw";
import examples from "../../../workers/resources/competitive_coding_challenges/data/example.jsonl?raw";
import type { RunRequest, RunResult } from "../../../shared/sandbox/schema.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";
import { FAKE_SANDBOX_URL, useFakeSandbox } from "../../workerd/fake_sandbox.ts";

const CONFIG = { sandbox_url: FAKE_SANDBOX_URL };

/** What a program (by a marker in its source) does with a test's stdin. */
let programs: Record<string, (stdin: string) => Partial<RunResult>> = {};
let compiler: (source: string) => Partial<RunResult> = (source) => ({ stdout: source });

const requests = useFakeSandbox((request: RunRequest) => {
  if (request.files["solution.cpp"] !== undefined) return compiler(request.files["solution.cpp"]);
  const binary = request.files["solution.b64"]!;
  const marker = Object.keys(programs).find((m) => binary.includes(m));
  return marker ? programs[marker]!(request.stdin) : { stdout: "" };
});

// A problem whose expected outputs are strings no program or input holds, to check none is ever sent.
const SECRET = (n: number) => `expected-${n}-7f3a`;
const PROBLEM = {
  time_limit: 1.5,
  memory_limit: 256 * 1024 * 1024,
  subtasks: {
    first: { aggregation: "min", score: 40, score_precision: 0, test_names: ["sample-01", "t1"] },
    second: { aggregation: "min", score: 60, score_precision: 0, test_names: ["sample-01", "t1", "t2", "t3"] },
  },
  all_tests: {
    "sample-01": { input: "in-0\n", output: `${SECRET(0)}\n`, group: "sample" },
    t1: { input: "in-1\n", output: `${SECRET(1)}\n`, group: "secret" },
    t2: { input: "in-2\n", output: `${SECRET(2)}\n`, group: "secret" },
    t3: { input: "in-3\n", output: `${SECRET(3)}\n`, group: "secret" },
  },
};
const answer = (stdin: string) => ({ stdout: `${SECRET(Number(stdin.slice(3, 4)))}\n` });

const reply = (text: string) => ({ id: "r1", output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] }] });
const cpp = (marker: string) => `Plan first.\n\n\`\`\`cpp\nint main() { /* ${marker} */ }\n\`\`\``;
const row = (extra: object = {}) => ({ responses_create_params: { input: "Solve it." }, competition_id: "c1", problem_id: "p1", subtask: null, test_metadata: PROBLEM, ...extra });

async function verify(text: string, extra: object = {}, config: object = CONFIG) {
  return client(server, serverEnv("competitive_coding_challenges", { INSTANCE_CONFIG: config })).post("/verify", { ...row(extra), response: reply(text) });
}
async function verified(text: string, extra?: object, config?: object) {
  const res = await verify(text, extra, config);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Record<string, any>;
}
const runs = () => requests.filter((r) => r.files["solution.b64"] !== undefined);

describe("competitive_coding_challenges: extraction", () => {
  test("the last complete ```cpp block, any case, after whitespace up to a newline; else the whole reply", () => {
    expect(finalCppBlock("```cpp\na\n```\n```cpp\nb\n```")).toBe("b\n");
    expect(finalCppBlock("```CPP  \n\nx\n```")).toBe("x\n");
    expect(finalCppBlock("```cpp x\n```")).toBe("```cpp x\n```");
    expect(finalCppBlock("```cpp\na\n```\n```cpp\nnever closed")).toBe("a\n");
    expect(finalCppBlock("```c++\na\n```")).toBe("```c++\na\n```");
    expect(finalCppBlock("````cpp\na\n```")).toBe("a\n");
    expect(finalCppBlock("```cppx\na\n```")).toBe("```cppx\na\n```");
    expect(finalCppBlock("```python\nprint(1)\n```\n```cpp\nint main(){}\n```\ntrailing")).toBe("int main(){}\n");
  });

  test("the reference's headers: bits/stdc++.h, the problem's header, using namespace std unless std is named", () => {
    expect(withIncludes("int main(){}")).toBe("#include <bits/stdc++.h>\n\nusing namespace std;\n\nint main(){}\n");
    expect(withIncludes("int main(){ std::cout << 1; }\n")).toBe("#include <bits/stdc++.h>\nint main(){ std::cout << 1; }\n");
    expect(withIncludes("using namespace std;\n", "grader.h")).toBe('#include <bits/stdc++.h>\n#include "grader.h"\nusing namespace std;\n');
    expect(withIncludes("")).toBe("");
  });
});

describe("competitive_coding_challenges: output comparison (diff -b, as GNU diff decides)", () => {
  test.each([
    ["1 2\n", "1 2", true],
    ["1 2\n", "1  2\n", true],
    ["1 2\n", " 1 2\n", false],
    ["1 2\n", "1 2 \n", true],
    ["1 2\n", "1\t2\n", true],
    ["1 2\n", "12\n", false],
    ["1 2\n", "1 2\n\n", false],
    ["1 2\n", "1 2\r\n", true],
    ["1\n2\n", "1 2\n", false],
    ["a\n", "a\n \n", false],
    [" a\n", "  a\n", true],
    ["a\rb\n", "a b\n", true],
    ["YES\n", "yes\n", false],
    // The expected output's trailing newlines are cut and one put back (echo "$(cat file)").
    ["7\n\n\n", "7\n", true],
    ["7\n\n\n", "7\n\n", false],
    ["", "\n", true],
    ["", "", false],
  ])("expected %j, printed %j: %s", (expected, actual, same) => {
    expect(outputMatches(expected, actual)).toBe(same);
  });

  test("Python's round: halves to even", () => {
    expect([roundHalfEven(2.5, 0), roundHalfEven(3.5, 0), roundHalfEven(11, 0), roundHalfEven(0.375, 2)]).toEqual([2, 4, 11, 0.38]);
  });
});

describe("competitive_coding_challenges: verify", () => {
  test("a right program: reward 1, every field, the tests' inputs sent and never their outputs", async () => {
    programs = { RIGHT: answer };
    const text = cpp("RIGHT");
    const body = await verified(text);
    expect(body).toMatchObject({ reward: 1, name: "p1", problem_id: "p1", competition_id: "c1", num_tests_run: 4 });
    expect(body.details).toMatchObject({ name: "p1", subtask: null, num_tests_run: 4 });
    expect(body.total_test_execution_time_s).toBeCloseTo(0.02);
    expect(body.mean_test_execution_time_s).toBeCloseTo(0.005);
    expect(body.details.total_test_execution_time_s).toBe(body.total_test_execution_time_s);
    expect(body.details.test_case_results.first.score).toBe(40);
    expect(body.details.test_case_results.second.score).toBe(60);
    expect(body.details.test_case_results.second.outputs.map((o: any) => o.test_name)).toEqual(["sample-01", "t1", "t2", "t3"]);
    expect(body.details.test_case_results.first.outputs[0]).toEqual({
      compile_success: true,
      compile_stdout: "Compiled p1 from solution.cpp\n",
      compile_stderr: "",
      run_stdout: "1\n",
      run_stderr: "Output is correct (diff)\n",
      error: "",
      score: 1,
      run_time_s: 0.005,
      test_name: "sample-01",
      test_group: "sample",
    });
    const [compile, ...tests] = requests;
    expect(compile!.files["solution.cpp"]).toBe(withIncludes(finalCppBlock(text)));
    expect(compile!.command!.join(" ")).toContain("g++ -DEVAL -std=gnu++17 -O2 -pipe -s");
    expect(tests.map((r) => r.stdin)).toEqual(["in-0\n", "in-1\n", "in-2\n", "in-3\n"]);
    // The problem's 1.5 s times time_scale 2; its 256 MiB.
    expect(tests[0]!.limits).toMatchObject({ wall_s: 3, cpu_s: 4, memory_mb: 256 });
    expect(JSON.stringify(requests)).not.toContain("7f3a");
  });

  test("time_scale and total_time: past 300 s of total_time the limits are halved", async () => {
    programs = { RIGHT: answer };
    await verified(cpp("RIGHT"), { total_time: 301 }, { ...CONFIG, time_scale: 4 });
    expect(runs()[0]!.limits.wall_s).toBe(3);
  });

  test("a wrong answer: 0; a failed min subtask records its first failure and stops running its tests", async () => {
    programs = { WRONG: (stdin) => (stdin === "in-1\n" ? { stdout: "nope\n" } : answer(stdin)) };
    const body = await verified(cpp("WRONG"), {}, { ...CONFIG, test_batch_size: 2 });
    expect(body.reward).toBe(0);
    expect(body.details.test_case_results.first).toMatchObject({ score: 0, outputs: [{ score: 1 }, { test_name: "t1", score: 0, run_stdout: "0\n", run_stderr: "Output isn't correct (diff)\n" }] });
    // Both subtasks failed in the first batch: the second batch (t2, t3) never runs.
    expect(runs()).toHaveLength(2);
    expect(body.num_tests_run).toBe(2);
  });

  test("time limit, crash, exit code, output past the sandbox's limit: 0 with the reason", async () => {
    const cases: [Partial<RunResult>, string][] = [
      [{ timed_out: true, signal: "SIGKILL", exit_code: null }, "Time limit exceeded (3s)\n"],
      [{ signal: "SIGXCPU", exit_code: null }, "Time limit exceeded (3s)\n"],
      [{ signal: "SIGSEGV", exit_code: null }, "Runtime error with exit code 139 (SIGSEGV)\n"],
      [{ exit_code: 3 }, "Runtime error with exit code 3\n"],
      [{ stdout: `${SECRET(0)}\n`, output_truncated: true }, "Output isn't correct (diff)\n"],
    ];
    for (const [result, reason] of cases) {
      programs = { BAD: () => result };
      const body = await verified(cpp("BAD"));
      expect(body.reward).toBe(0);
      expect(body.details.test_case_results.first.outputs).toEqual([expect.objectContaining({ score: 0, run_stderr: reason, test_name: "sample-01" })]);
    }
  });

  test("a compile error, or any compiler diagnostic (the reference's rule), is 0 with the compiler's words and no test run", async () => {
    compiler = () => ({ exit_code: 1, stderr: "solution.cpp:1:1: error: 'x' does not name a type\n" });
    const failed = await verified("no code here");
    expect(failed).toMatchObject({ reward: 0, num_tests_run: 0, total_test_execution_time_s: 0, mean_test_execution_time_s: 0 });
    expect(failed.details.test_case_results.first.outputs).toEqual([
      { compile_success: false, compile_stdout: "", compile_stderr: "solution.cpp:1:1: error: 'x' does not name a type\n", run_stdout: "", run_stderr: "", error: "", score: 0, test_name: "sample-01", test_group: "sample" },
    ]);
    expect(requests[0]!.files["solution.cpp"]).toBe(withIncludes("no code here"));
    compiler = () => ({ stdout: "binary", stderr: "warning: unused variable\n" });
    expect((await verified(cpp("RIGHT"))).reward).toBe(0);
    expect(runs()).toHaveLength(0);
    compiler = () => ({ timed_out: true, exit_code: null, signal: "SIGKILL" });
    expect((await verified(cpp("RIGHT"))).details.test_case_results.first.outputs[0].compile_stderr).toContain("did not finish");
    compiler = (source) => ({ stdout: source });
  });

  test("a subtask row runs only its tests and needs its full marks; the row's subtask_score overrides the file's", async () => {
    programs = { RIGHT: answer, SMALL: (stdin) => (stdin === "in-2\n" ? { timed_out: true } : answer(stdin)) };
    const first = await verified(cpp("SMALL"), { subtask: "first" });
    expect(first.reward).toBe(1);
    expect(runs().map((r) => r.stdin)).toEqual(["in-0\n", "in-1\n"]);
    // The second subtask shares the first's tests and scores on them alone, as the reference scores it.
    expect(first.details.test_case_results.second.score).toBe(60);
    expect((await verified(cpp("SMALL"), { subtask: "second" })).reward).toBe(0);
    expect((await verified(cpp("SMALL"))).reward).toBe(0);
    expect((await verified(cpp("RIGHT"), { subtask: "first", subtask_score: 41 })).reward).toBe(0);
    expect((await verified(cpp("RIGHT"), { subtask: "first", subtask_score: 40 })).reward).toBe(1);
    // A subtask_score of 0 is no full mark at all (the reference's truthiness): never 1.
    expect((await verified(cpp("RIGHT"), { subtask: "first", subtask_score: 0 })).reward).toBe(0);
  });

  test("sum_tests counts passed tests; fraction mode is the share of distinct tests passed, every test run", async () => {
    programs = { HALF: (stdin) => (stdin === "in-1\n" || stdin === "in-3\n" ? { stdout: "x\n" } : answer(stdin)) };
    const sumTests = { ...PROBLEM, subtasks: { all: { aggregation: "sum_tests", score_precision: 0, test_names: ["sample-01", "t1", "t2", "t3"] } } };
    const summed = await verified(cpp("HALF"), { test_metadata: sumTests, subtask: "all" });
    expect(summed.details.test_case_results.all.score).toBe(2);
    expect(summed.reward).toBe(0);
    const before = runs().length;
    const fraction = await verified(cpp("HALF"), {}, { ...CONFIG, reward_mode: "fraction" });
    expect(fraction.reward).toBe(0.5);
    expect(runs().length - before).toBe(4);
    expect(fraction.details.test_case_results.second.outputs).toHaveLength(4);
  });

  test("a sandbox that fails is no reward at all, not 0", async () => {
    globalThis.fetch = (async () => new Response("boom", { status: 500 })) as typeof fetch;
    const res = await verify(cpp("RIGHT"));
    expect(res.body).not.toHaveProperty("reward");
    expect(res.body._ng_failure_class).toBe("sandbox_failed");
  });

  test("bad rows are refused with the field's path; a row without tests is told where they come from", async () => {
    const missing = await verify(cpp("RIGHT"), { test_metadata: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.error.issues).toEqual([{ path: "test_metadata", message: expect.stringContaining("test_file (NeMo's CCC_TEST_FILE)") }]);
    const noProblem = await verify(cpp("RIGHT"), { problem_id: undefined });
    expect(noProblem.status).toBe(400);
    expect(noProblem.body.error.issues[0].path).toBe("problem_id");
    const unknownTest = await verify(cpp("RIGHT"), { test_metadata: { ...PROBLEM, subtasks: { a: { aggregation: "min", score: 1, test_names: ["nope"] } } } });
    expect(unknownTest.status).toBe(400);
    expect(unknownTest.body.error.issues[0].path).toBe("test_metadata.subtasks.a.test_names[0]");
    const badAggregation = await verify(cpp("RIGHT"), { test_metadata: { ...PROBLEM, subtasks: { a: { aggregation: "max", test_names: [] } } } });
    expect(badAggregation.body.error.issues[0].path).toBe("test_metadata.subtasks.a.aggregation");
    expect(requests).toHaveLength(0);
  });

  test("a 500 KB hostile reply is extracted in one pass", async () => {
    programs = {};
    for (const filler of ["```cpp".repeat(80_000), "```cpp \t ".repeat(50_000), "`".repeat(500_000), "```cpp\n".repeat(70_000)]) {
      const started = Date.now();
      const body = await verified(filler);
      expect(body.reward).toBe(0);
      expect(Date.now() - started).toBeLessThan(2000);
    }
  });
});

describe("competitive_coding_challenges: the test file", () => {
  const complete = readTestFile(testFile);
  const rows = examples.trim().split("\n").map((line) => JSON.parse(line));

  test("our example rows are completed from our test file, and each is a valid row", async () => {
    programs = {};
    for (const example of rows) {
      expect(neededProblem(example)).toBe(`edgegym26/${example.problem_id}`);
      const completed = complete(example);
      expect(completed.test_metadata).toMatchObject({ time_limit: 1, memory_limit: 268435456, problem_header_include: null });
      expect(neededProblem(completed)).toBeUndefined();
      const res = await client(server, serverEnv("competitive_coding_challenges", { INSTANCE_CONFIG: CONFIG })).post("/verify", { ...completed, response: reply("no code") });
      expect(res.status).toBe(200);
    }
    // NeMo's own rows (makingmexes of usaco25), by competition or by problem alone.
    expect(Object.keys((complete({ competition_id: "usaco25", problem_id: "makingmexes" }).test_metadata as any).all_tests)).toHaveLength(4);
    expect(complete({ problem_id: "makingmexes" }).test_metadata).toBeDefined();
    // The inversions problem times an O(N^2) count out: 5 * 10^5 numbers.
    expect((complete(rows[4]).test_metadata as any).all_tests["large-02"].input).toBe("500000 99991\n");
  });

  test("an unknown competition or problem, or an ambiguous one, is refused saying what the file has", () => {
    expect(() => complete({ competition_id: "nope", problem_id: "brackets" })).toThrow('competition "nope" is not in the test file (it has: edgegym26, usaco25)');
    expect(() => complete({ competition_id: "edgegym26", problem_id: "nope" })).toThrow("(it has: brackets, maxsubarray, gridpaths, inversions)");
    const twice = readTestFile(`{"competition_id": "a", "metadata": {"p": {"subtasks": {}, "all_tests": {}}}}\n{"competition_id": "b", "metadata": {"p": {"subtasks": {}, "all_tests": {}}}}`);
    expect(() => twice({ problem_id: "p" })).toThrow("give the row a competition_id");
    expect(() => readTestFile("{not json")).toThrow("line 1 is not JSON");
  });

  test("the older per-subtask shape is folded in; checkers, graders and other task types are refused by name", () => {
    const legacy = readTestFile(JSON.stringify({ competition: "old", metadata: { q: { s1: { score: 5, tests: { "sample-1": { input: "1\n", output: "2\n" }, x: { input: "3\n", output: "4\n" } }, grader_files: [["graders/grader_config.json", '{"time_limit": 2}']] } } } }));
    expect(legacy({ problem_id: "q" }).test_metadata).toEqual({
      time_limit: 2,
      memory_limit: null,
      problem_header_include: null,
      subtasks: { s1: { aggregation: "min", score: 5, score_precision: 0, test_names: ["sample-1", "x"] } },
      all_tests: { "sample-1": { input: "1\n", output: "2\n", group: "sample" }, x: { input: "3\n", output: "4\n", group: "secret" } },
    });
    const withFiles = (files: [string, string][]) => readTestFile(JSON.stringify({ competition_id: "c", metadata: { p: { grader_files: files, subtasks: {}, all_tests: {} } } }));
    expect(() => withFiles([["checker/checker.cpp", "int main(){}"]])({ problem_id: "p" })).toThrow('problem "p" cannot be run: it has grader files (checker/checker.cpp)');
    expect(() => withFiles([["graders/grader_config.json", '{"task_type": "Communication"}']])({ problem_id: "p" })).toThrow("its task type is Communication");
  });
});

describe("competitive_coding_challenges: metrics", () => {
  test("pass@k of accuracy (every subtask above 0) and the competition score: best per subtask, summed", () => {
    const rollout = (first: number, second: number) => ({ problem_id: "p1", reward: 0, test_metadata: PROBLEM, details: { test_case_results: { first: { score: first }, second: { score: second } } } });
    const metrics = computeMetrics([[rollout(40, 0), rollout(0, 60)], [{ problem_id: "p2", details: { test_case_results: {} } }]]);
    expect(metrics["pass@2/accuracy"]).toBe(0);
    expect(metrics.total_score).toBe(100);
    expect(metrics.per_problem_subtask_scores).toEqual({
      p1: { total: { score: 100, max_score: 100 }, subtasks: { first: { score: 40, max_score: 40 }, second: { score: 60, max_score: 60 } } },
      p2: { total: { score: 0, max_score: 0 }, subtasks: {} },
    });
    expect(computeMetrics([[rollout(40, 60)]])["pass@1/accuracy"]).toBe(100);
  });
});
