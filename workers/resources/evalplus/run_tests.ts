// One sandbox run per test list; each call's result is judged here. A test passes when its call
// returned a matching value; an error, a timeout or no result at all (the run killed) fails it.
// A sandbox that fails, or starves the run of CPU past its backstop, throws (VerifierFailure
// sandbox_failed). Inputs given without outputs get theirs from the task's reference solution,
// run the same way (EvalPlus's ground truth); a reference that fails a call is a task the
// verifier cannot judge by, never a score (reference_failed).
import { runInSandbox, SANDBOX_FAILED } from "../../../shared/sandbox/client.ts";
import { VerifierFailure } from "../../../shared/resources/failure.ts";
import { LIMIT_MAXIMA } from "../../../shared/sandbox/schema.ts";
import type { Sandbox } from "../../../shared/sandbox/client.ts";
import type { EvalPlusConfig, Test } from "./declaration.ts";
import { outputMatches } from "./compare.ts";
import { harnessResults, listRun } from "./program.ts";

/** How many times its budget of wall clock a list's run may take while others starve it of CPU. */
const BACKSTOP_FACTOR = 4;

export type Status = "pass" | "fail" | "timeout";
export interface ListOutcome {
  /** EvalPlus's status of the list: pass only when every test passes. */
  status: Status;
  /** Per test, whether it passed (EvalPlus's details). */
  details: boolean[];
  /** The first failing test's index and why, for reading rollouts. */
  first_failure: { index: number; reason: string } | null;
}

/** A task's tests judged by a reference that fails them: not the model's doing, so never a score. */
export const REFERENCE_FAILED = "reference_failed";

/** Every call of a list run in the sandbox, each call's result (undefined: none came back). */
async function runCalls(code: string, entryPoint: string, inputs: unknown[][], config: EvalPlusConfig, sandbox: Sandbox) {
  // EvalPlus's task timeout, min(per task, sum of per-test limits), counted by the harness in the
  // solution's own time. The run's wall clock is only a backstop against a starved run: a run that
  // keeps to its own time ends by its budget, whatever the backstop.
  const budget = Math.min(config.task_timeout_secs, config.test_timeout_secs * inputs.length);
  const wall = Math.min(LIMIT_MAXIMA.wall_s, BACKSTOP_FACTOR * budget + 1);
  const limits = { wall_s: wall, cpu_s: Math.min(LIMIT_MAXIMA.cpu_s, Math.ceil(wall)), memory_mb: config.memory_mb };
  const timing = { test_s: config.test_timeout_secs, budget_s: budget };
  const run = await runInSandbox(sandbox, listRun(code, entryPoint, inputs, timing, limits));
  const results = harnessResults(run.stdout, inputs.length);
  if (results.some((r) => r?.status === "starved")) throw new VerifierFailure(SANDBOX_FAILED, "the sandbox was too busy: the run waited for a CPU past its wall-clock backstop");
  return { run, results };
}

// A task's rollouts (a GRPO group) are verified one after another by the same isolate: the
// reference's outputs are kept for the most recent tasks, by a digest of everything that makes
// them, so each task's reference runs once. A run that failed is not kept.
const KEPT_REFERENCES = 64;
const references = new Map<string, Promise<unknown[]>>();

async function digest(...parts: unknown[]): Promise<string> {
  const bytes = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(parts)));
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** What the reference solution returns for each input (EvalPlus's expected outputs). */
export async function referenceOutputs(solution: string, entryPoint: string, inputs: unknown[][], config: EvalPlusConfig, sandbox: Sandbox): Promise<unknown[]> {
  if (inputs.length === 0) return [];
  const key = await digest(solution, entryPoint, inputs);
  let outputs = references.get(key);
  if (!outputs) {
    outputs = runReference(solution, entryPoint, inputs, config, sandbox);
    references.set(key, outputs);
    outputs.catch(() => references.delete(key));
    if (references.size > KEPT_REFERENCES) references.delete(references.keys().next().value!);
  }
  return outputs;
}

async function runReference(solution: string, entryPoint: string, inputs: unknown[][], config: EvalPlusConfig, sandbox: Sandbox): Promise<unknown[]> {
  const { run, results } = await runCalls(solution, entryPoint, inputs, config, sandbox);
  return results.map((result, index) => {
    if (result?.status === "ok") return result.value;
    const why = result ? result.error : `no result (exit code ${run.exit_code}${run.signal ? `, ${run.signal}` : ""})`;
    throw new VerifierFailure(REFERENCE_FAILED, `the task's canonical_solution failed on input ${index}: ${why}`);
  });
}

export async function runList(code: string, entryPoint: string, tests: Test[], atol: number, config: EvalPlusConfig, sandbox: Sandbox): Promise<ListOutcome> {
  if (tests.length === 0) return { status: "pass", details: [], first_failure: null };
  const { run, results } = await runCalls(code, entryPoint, tests.map((t) => t.input), config, sandbox);
  let first_failure: ListOutcome["first_failure"] = null;
  let timedOut = false;
  const details = tests.map((test, index) => {
    const result = results[index];
    let reason: string | null;
    if (result === undefined) reason = run.timed_out || run.signal === "SIGXCPU" ? "the run ran out of time" : run.out_of_memory ? "the run ran out of memory" : `no result (exit code ${run.exit_code}${run.signal ? `, ${run.signal}` : ""})`;
    else if (result.status === "ok") reason = outputMatches(result.value, test.output, atol) ? null : "wrong output";
    else reason = result.status === "timeout" ? "time limit exceeded" : result.error;
    if (reason !== null && (result === undefined ? run.timed_out || run.signal === "SIGXCPU" : result.status === "timeout")) timedOut = true;
    if (reason !== null && first_failure === null) first_failure = { index, reason };
    return reason === null;
  });
  const status: Status = details.every(Boolean) ? "pass" : timedOut ? "timeout" : "fail";
  return { status, details, first_failure };
}
