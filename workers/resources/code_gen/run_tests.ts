// Runs a row's unit tests in the sandbox one at a time and judges each here, as LiveCodeBench's
// run_test does: stop at the first test that does not pass. Statuses: true (passed), -2 wrong
// answer, -3 time limit exceeded, -4 runtime error; the task's own limit running out makes every
// test -1 with no metadata (LiveCodeBench's global timeout). The task's limit counts the runs' own
// time, as LiveCodeBench's clock starts with its process: never the wait for a free sandbox, which
// a busy sandbox bounds itself (past its deadline the call fails). A sandbox that fails throws.
import { runInSandbox } from "../../../shared/sandbox/client.ts";
import type { Sandbox } from "../../../shared/sandbox/client.ts";
import type { RunResult } from "../../../shared/sandbox/schema.ts";
import type { CodeGenConfig, UnitTests } from "./declaration.ts";
import { callResultMatches, type Json } from "./compare_call.ts";
import { parseExact } from "../../../shared/json/exact.ts";
import { stdioMismatch, truncate } from "./compare_stdio.ts";
import { callRun, harnessResult, NOT_JSON, stdioRun } from "./programs.ts";

export type Status = true | -1 | -2 | -3 | -4;
export interface Outcome {
  result: Status[];
  metadata: Record<string, unknown> | null;
}

// The sandbox's smallest wall limit: with less left, the task is out of time.
const MIN_WALL_S = 0.1;

/** Null when the test passed, else its status and LiveCodeBench's metadata for it. */
type Verdict = { status: -2 | -4; metadata: Record<string, unknown> } | null;

function judgeStdio(run: RunResult, expected: string): Verdict {
  const message = run.output_truncated ? "Wrong answer: output exceeded the sandbox's output limit" : stdioMismatch(run.stdout, expected);
  return message === null ? null : { status: -2, metadata: { output: truncate(run.stdout), error_code: -2, error_message: message } };
}

// Our harness prints valid JSON; anything else on a result line was printed by the solution.
function parseJson(text: string): Json | undefined {
  try {
    return parseExact(text) as Json;
  } catch {
    return undefined;
  }
}

function judgeCall(run: RunResult, expected: Json): Verdict {
  const text = harnessResult(run.stdout);
  if (text === null) return { status: -4, metadata: { error: "the call returned no result", error_code: -4, error_message: "Runtime Error" } };
  if (text.startsWith(NOT_JSON)) return { status: -2, metadata: { output: truncate(text.slice(NOT_JSON.length)), error_code: -2, error_message: "Wrong Answer" } };
  if (callResultMatches(parseJson(text), expected)) return null;
  return { status: -2, metadata: { output: truncate(text), error_code: -2, error_message: "Wrong Answer" } };
}

function runtimeError(run: RunResult): Verdict {
  const traceback = run.stderr.trimEnd();
  const error = run.out_of_memory ? "MemoryError()" : run.signal !== null ? `killed by ${run.signal}` : traceback.split("\n").at(-1) || `exit code ${run.exit_code}`;
  return { status: -4, metadata: { error, error_code: -4, error_message: "Runtime Error", traceback } };
}

/** The task limit: the config's, else LiveCodeBench's (per test + 1) × tests + 5 seconds. */
export const taskLimitS = (config: CodeGenConfig, tests: number) => config.task_timeout_secs ?? (config.unit_test_timeout_secs + 1) * tests + 5;

export async function runTests(code: string, tests: UnitTests, config: CodeGenConfig, sandbox: Sandbox): Promise<Outcome> {
  const count = Math.min(tests.inputs.length, tests.outputs.length);
  const timedOut: Outcome = { result: tests.inputs.map(() => -1), metadata: null };
  const fnName = tests.fn_name;
  let expectedCalls: Json[] = [];
  if (fnName) {
    try {
      expectedCalls = tests.outputs.map((o) => parseExact(o) as Json);
    } catch (err) {
      return { result: [-4], metadata: { error_code: -4, error_message: `Error during testing: ${(err as Error).message}` } };
    }
  }
  const limitMs = taskLimitS(config, tests.inputs.length) * 1000;
  const result: Status[] = [];
  let usedMs = 0;
  for (let i = 0; i < count; i++) {
    const left = (limitMs - usedMs) / 1000;
    if (left < MIN_WALL_S) return timedOut;
    const wall = Math.min(config.unit_test_timeout_secs, left);
    const limits = { wall_s: wall, cpu_s: Math.min(60, Math.max(1, Math.ceil(wall))), memory_mb: config.memory_mb };
    const input = tests.inputs[i]!;
    const run = await runInSandbox(sandbox, fnName ? callRun(code, fnName, input, limits) : stdioRun(code, input, limits));
    usedMs += run.duration_ms;
    const context = { inputs: truncate(input), expected: truncate(tests.outputs[i]!) };
    // Past its CPU limit the kernel stops a run with SIGXCPU: that, too, is out of time.
    if (run.timed_out || run.signal === "SIGXCPU") {
      if (wall < config.unit_test_timeout_secs) return timedOut;
      return { result: [...result, -3], metadata: { error: "TimeoutException()", error_code: -3, error_message: "Time Limit Exceeded", ...context } };
    }
    const verdict = run.exit_code !== 0 ? runtimeError(run) : fnName ? judgeCall(run, expectedCalls[i]!) : judgeStdio(run, tests.outputs[i]!);
    if (verdict) return { result: [...result, verdict.status], metadata: { ...verdict.metadata, ...context } };
    result.push(true);
  }
  return { result, metadata: { "execution time": usedMs / 1000 } };
}
