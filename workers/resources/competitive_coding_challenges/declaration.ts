// competitive_coding_challenges: a resources server, stateless (no session objects). The reply's C++
// is compiled and run in the sandbox the config names; the expected outputs stay here.
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";
import { SandboxSettings } from "../../../shared/sandbox/client.ts";
import { neededProblem, readTestFile, TEST_FILE_SOURCE } from "./test_file.ts";

export const CccConfig = ResourcesServerConfig.safeExtend({
  ...SandboxSettings.shape,
  /** NeMo Gym's CCC_TEST_FILE: the test cases rows are completed from, by `collect` (test_file.ts). */
  test_file: z.string().min(1).nullish(),
  /** Tests run at once, and between batches a failed "min" subtask stops running its tests. */
  test_batch_size: z.number().int().min(1).default(32),
  /** Accepted for NeMo's configs; the sandbox bounds how many programs run at once. */
  num_parallel_requests: z.number().int().min(1).default(16),
  /** Multiplies each problem's time limit (halved for a row whose total_time is over 300). */
  time_scale: z.number().positive().default(2),
  /** Accepted for NeMo's configs: nothing is written to a shared folder here. */
  shared_dir: z.string().nullish(),
  /** binary: 1 when the subtask (or the whole problem) scores full marks; fraction: the share of tests passed. */
  reward_mode: z.enum(["binary", "fraction"]).default("binary"),
});
export type CccConfig = z.infer<typeof CccConfig>;

const Test = z.object({ input: z.string(), output: z.string(), group: z.string().nullish() });

const Subtask = z.object({
  aggregation: z.enum(["min", "sum_tests"]),
  /** A "min" subtask's marks: all of them when every test passes. */
  score: z.number().min(0).nullish(),
  score_precision: z.number().int().min(0).max(10).default(0),
  test_names: z.array(z.string()),
});
export type Subtask = z.infer<typeof Subtask>;

/** One problem's tests, as the test file gives them (NeMo's normalised problem metadata). */
export const TestMetadata = z
  .object({
    /** Seconds, from the problem's graders/grader_config.json. */
    time_limit: z.number().positive(),
    /** Bytes, from graders/grader_config.json (the run's address-space limit). */
    memory_limit: z.number().positive().nullish(),
    /** A header the solution is compiled with (`#include "..."`), when the problem has one. */
    problem_header_include: z.string().nullish(),
    subtasks: z.record(z.string(), Subtask).refine((s) => Object.keys(s).length > 0, "a problem needs at least one subtask"),
    all_tests: z.record(z.string(), Test),
  })
  .superRefine((m, ctx) => {
    for (const [name, subtask] of Object.entries(m.subtasks)) {
      subtask.test_names.forEach((test, i) => {
        if (!(test in m.all_tests)) ctx.addIssue({ code: "custom", path: ["subtasks", name, "test_names", i], message: `test "${test}" is not in all_tests` });
      });
    }
  });
export type TestMetadata = z.infer<typeof TestMetadata>;

const MISSING_TESTS =
  "the row names a problem but carries no test cases: collect completes it from the test file named by the server's test_file (NeMo's CCC_TEST_FILE); send /verify the completed row";

/** The task fields of a row this server reads (NeMo's, plus the test cases collect adds). */
export const Task = z.object({
  competition_id: z.string().nullish(),
  problem_id: z.string().min(1),
  /** The subtask graded; unset, the whole problem. */
  subtask: z.string().nullish(),
  name: z.string().nullish(),
  /** The subtask's full marks, overriding the test file's. */
  subtask_score: z.number().nullish(),
  /** Past 300, the time limits are halved (NeMo's rule). */
  total_time: z.number().nullish(),
  test_metadata: z
    .unknown()
    .superRefine((m, ctx) => {
      if (m === undefined || m === null) ctx.addIssue({ code: "custom", message: MISSING_TESTS });
    })
    .pipe(TestMetadata),
});
export type Task = z.infer<typeof Task>;

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "contest problems in C++ (NeMo Gym's CCC; its data is unreleased, so the bundled rows and test cases are ours, in its shape): rows name `competition_id`/`problem_id` (and a `subtask`), and `collect` completes them from the test file (`test_file`, NeMo's `CCC_TEST_FILE`; a missing file or problem refuses the row, naming the path and the key) with the problem's tests, subtasks and limits (`test_metadata`). The reply's last ```` ```cpp ```` block (any case; else the whole reply), with the reference's `bits/stdc++.h` and `using namespace std` prelude, is compiled once with g++ (`-std=gnu++17 -O2`, IOI's line) in the sandbox (`sandbox_url`) and run on each test in a fresh sandbox, stdin only, under the problem's time limit × `time_scale` (2; halved when `total_time` > 300) and its memory limit; its stdout is compared in the Worker as `diff -b` compares it (blank runs equal, line ends' blanks ignored, lines one for one), so the expected outputs never enter the sandbox and nothing printed stands for a verdict; any compiler diagnostic fails the compile (the reference's rule). Tests run in batches (`test_batch_size`), a failed \"min\" subtask's later tests skipped; subtasks score \"min\" (their marks when every test passed) or \"sum_tests\"; `details` holds `test_case_results` with the reference's per-test fields (`compile_success`, `run_stderr` \"Output is correct (diff)\", \"Time limit exceeded\", ..., `run_time_s`), beside `num_tests_run`, `total_test_execution_time_s`, `mean_test_execution_time_s`; metrics: pass@k of `accuracy` and the competition `total_score`. A sandbox failure marks the row `sandbox_failed`. Only batch problems (no checker or grader files) run here",
  reward: "0/1 at the subtask's (or problem's) full marks, or the share of tests passed (`reward_mode: fraction`)",
  answerKey: "none",
};

export default resourcesServer({
  catalogue,
  task: Task,
  config: CccConfig,
  stateful: false,
  taskFile: { configKey: "test_file", needs: neededProblem, read: readTestFile, source: TEST_FILE_SOURCE },
});
