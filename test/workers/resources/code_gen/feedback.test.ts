// code_gen's `error_feedback`, what a self-correcting agent feeds back: the first failing test and
// how it failed, with its input, expected output and the program's output only when the task
// shows that test (a public example); a hidden test is named by number and kind of failure only.
import { describe, expect, test } from "vitest";
import server from "../../../../workers/resources/code_gen/index.ts";
import type { RunRequest, RunResult } from "../../../../shared/sandbox/schema.ts";
import { client, serverEnv } from "../../../workerd/helpers.ts";
import { FAKE_SANDBOX_URL, useFakeSandbox } from "../../../workerd/fake_sandbox.ts";

const CONFIG = { sandbox_url: FAKE_SANDBOX_URL, unit_test_timeout_secs: 2 };
// Test 1 is the statement's example; tests 2 and 3 are hidden.
const TESTS = { inputs: ["1 2\n", "-5 5\n", "-7 -8\n"], outputs: ["3\n", "0\n", "-15\n"] };
const STATEMENT = "Read two integers and print their sum.\n\nExample\nInput:\n1 2\nOutput:\n3";

let program: (request: RunRequest) => Partial<RunResult>;
useFakeSandbox((body) => program(body));
/** What `print(f(a + b))` prints for an input "a b". */
const sums = (f: (n: number) => number) => (r: RunRequest) => ({ stdout: `${f(r.stdin.split(" ").map(Number).reduce((a, b) => a + b))}\n` });

async function verify(text: string, prompt = STATEMENT) {
  const row = { responses_create_params: { input: [{ role: "user", content: prompt }] }, verifier_metadata: { unit_tests: TESTS } };
  const response = { id: "r1", output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] }] };
  const res = await client(server, serverEnv("code_gen", { INSTANCE_CONFIG: CONFIG })).post("/verify", { ...row, response });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const fenced = (code: string) => `\`\`\`python\n${code}\n\`\`\``;

describe("code_gen: error_feedback", () => {
  test("passing code has none", async () => {
    program = sums((n) => n);
    expect(await verify(fenced("print(sum(map(int, input().split())))"))).toMatchObject({ reward: 1, error_feedback: null });
  });

  test("a failing public example shows its input, expected output and the program's output", async () => {
    program = sums((n) => n + 1);
    const body = await verify(fenced("print(sum(map(int, input().split())) + 1)"));
    expect(body.result).toEqual([-2]);
    expect(body.error_feedback).toBe("Test 1 of 3 failed: wrong answer.\nInput:\n1 2\n\nExpected output:\n3\n\nYour output:\n4\n");
  });

  test("a failing hidden test is named by number and kind only: no input, expected output or output", async () => {
    program = sums((n) => Math.abs(n));
    const body = await verify(fenced("print(abs(sum(map(int, input().split()))))"));
    expect(body.result).toEqual([true, true, -2]);
    expect(body.error_feedback).toBe("Test 3 of 3 failed: wrong answer. It is a hidden test: its input and expected output are not shown.");
    for (const secret of ["-7", "-8", "-15", "15"]) expect(body.error_feedback).not.toContain(secret);
  });

  test("a test the prompt does not show is hidden, even the first", async () => {
    program = sums((n) => n + 1);
    expect((await verify(fenced("print(0)"), "Read two integers and print their sum.")).error_feedback).toMatch(/^Test 1 of 3 failed: wrong answer. It is a hidden test/);
  });

  test("a runtime error shows the exception on a public test, only its type on a hidden one", async () => {
    const crash = { exit_code: 1, stderr: "Traceback (most recent call last):\nValueError: invalid literal for int() with base 10: '-7 -8'\n" };
    program = (r) => (r.stdin === "-7 -8\n" ? crash : sums((n) => n)(r));
    expect((await verify(fenced("..."))).error_feedback).toBe("Test 3 of 3 failed: runtime error (ValueError). It is a hidden test: its input and expected output are not shown.");
    program = () => crash;
    expect((await verify(fenced("..."))).error_feedback).toMatch(/^Test 1 of 3 failed: runtime error \(ValueError: invalid literal .*\)\.\nInput:\n1 2\n/);
  });

  test("a time limit on a hidden test says so", async () => {
    program = (r) => (r.stdin === "-5 5\n" ? { timed_out: true } : sums((n) => n)(r));
    expect((await verify(fenced("..."))).error_feedback).toBe("Test 2 of 3 failed: time limit exceeded. It is a hidden test: its input and expected output are not shown.");
  });

  test("no reply and no code block each say what is missing", async () => {
    expect((await verify("")).error_feedback).toMatch(/^Your reply was empty/);
    expect((await verify("I would loop over the input."))).toMatchObject({ reward: 0, error_feedback: expect.stringMatching(/^No code block was found/) });
  });
});
