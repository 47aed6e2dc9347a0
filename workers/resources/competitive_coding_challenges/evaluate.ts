// A row's tests, run as the reference runs them: only the row's subtask's tests when it names one
// (else every test), in batches of test_batch_size run at once; a test is skipped when every
// subtask it belongs to is a "min" subtask that has already failed (in binary mode; fraction mode
// runs all), and a failed "min" subtask keeps only its first failing result, as the reference's
// current code does. Each subtask then scores: "min", its marks (rounded to score_precision) if
// every test it ran passed, else 0 (so a subtask sharing tests with the row's own scores on those
// alone, as in the reference); "sum_tests", the number of its tests that passed.
import type { Sandbox } from "../../../shared/sandbox/client.ts";
import { LIMIT_MAXIMA } from "../../../shared/sandbox/schema.ts";
import type { CccConfig, Subtask, Task, TestMetadata } from "./declaration.ts";
import { compile, runTest } from "./run_tests.ts";
import type { RunLimits, TestResult } from "./run_tests.ts";

export interface SubtaskResult {
  score: number;
  outputs: TestResult[];
}

export interface Evaluation {
  name: string;
  subtask: string | null;
  test_case_results: Record<string, SubtaskResult>;
  num_tests_run: number;
  total_test_execution_time_s: number;
  mean_test_execution_time_s: number;
}

/** Python's round(x, digits): halves go to the even neighbour. */
export function roundHalfEven(x: number, digits: number): number {
  const scale = 10 ** digits;
  const scaled = x * scale;
  const floor = Math.floor(scaled);
  const rest = scaled - floor;
  const rounded = rest > 0.5 ? floor + 1 : rest < 0.5 ? floor : floor % 2 === 0 ? floor : floor + 1;
  return rounded / scale;
}

function subtaskScore(subtask: Subtask, outputs: readonly TestResult[], failed: boolean): number {
  if (subtask.aggregation === "sum_tests") return outputs.filter((o) => o.score > 0).length;
  if (failed || outputs.length === 0) return 0;
  return roundHalfEven(Math.min(...outputs.map((o) => o.score)) * (subtask.score ?? 0), subtask.score_precision);
}

/** The run limits of a row: the problem's time limit scaled (halved past 300 s of total_time), its memory limit. */
export function runLimits(problem: TestMetadata, row: Task, config: CccConfig): RunLimits {
  const scale = config.time_scale * ((row.total_time ?? 0) > 300 ? 0.5 : 1);
  const mib = problem.memory_limit == null ? LIMIT_MAXIMA.memory_mb : Math.floor(problem.memory_limit / (1024 * 1024));
  return { time_limit_s: problem.time_limit * scale, memory_mb: Math.max(64, Math.min(LIMIT_MAXIMA.memory_mb, mib)) };
}

export async function evaluate(row: Task, code: string, config: CccConfig, sandbox: Sandbox): Promise<Evaluation> {
  const problem = row.test_metadata;
  const runAll = config.reward_mode === "fraction";
  const limits = runLimits(problem, row, config);
  const state = new Map(Object.entries(problem.subtasks).map(([name, subtask]) => [name, { subtask, outputs: [] as TestResult[], failed: false }]));
  const subtasksOf = new Map<string, string[]>();
  for (const [name, subtask] of Object.entries(problem.subtasks)) for (const test of subtask.test_names) subtasksOf.set(test, [...(subtasksOf.get(test) ?? []), name]);

  let tests = Object.entries(problem.all_tests);
  const target = row.subtask ? problem.subtasks[row.subtask] : undefined;
  if (target) {
    const names = new Set(target.test_names);
    tests = tests.filter(([name]) => names.has(name));
  }

  const compiled = tests.length ? await compile(code, row.problem_id, sandbox) : undefined;
  const runTimes: number[] = [];
  for (let i = 0; i < tests.length; i += config.test_batch_size) {
    const batch = tests.slice(i, i + config.test_batch_size).filter(([name]) => runAll || (subtasksOf.get(name) ?? []).some((s) => state.get(s)!.subtask.aggregation === "sum_tests" || !state.get(s)!.failed));
    const results = await Promise.all(batch.map(([, test]) => runTest(compiled!, test.input, test.output, limits, sandbox)));
    batch.forEach(([name, test], j) => {
      const result = results[j]!;
      if (result.run_time_s !== undefined) runTimes.push(result.run_time_s);
      result.test_name = name;
      if (test.group != null) result.test_group = test.group;
      for (const s of subtasksOf.get(name) ?? []) {
        const entry = state.get(s)!;
        if (!runAll && entry.subtask.aggregation === "min" && entry.failed) continue;
        entry.outputs.push({ ...result });
        if (entry.subtask.aggregation === "min" && result.score < 1) entry.failed = true;
      }
    });
  }

  const total = runTimes.reduce((a, b) => a + b, 0);
  return {
    name: row.name || row.problem_id,
    subtask: row.subtask ?? null,
    test_case_results: Object.fromEntries([...state].map(([name, { subtask, outputs, failed }]) => [name, { score: subtaskScore(subtask, outputs, failed), outputs }])),
    num_tests_run: runTimes.length,
    total_test_execution_time_s: total,
    mean_test_execution_time_s: runTimes.length ? total / runTimes.length : 0,
  };
}
