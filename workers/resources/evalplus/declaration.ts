// evalplus: a resources server, stateless (no session objects). The solution runs only in the
// sandbox the config names; the expected outputs stay here.
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";
import { SandboxSettings } from "../../../shared/sandbox/client.ts";
import { LIMIT_MAXIMA } from "../../../shared/sandbox/schema.ts";
import { DATASET_SOURCES, neededTaskId, readDataset } from "./dataset.ts";

export const EvalPlusConfig = ResourcesServerConfig.safeExtend({
  ...SandboxSettings.shape,
  /** Seconds one call may run (EvalPlus's DEFAULT_MIN_TIME_LIMIT; it has no reference timings here). */
  test_timeout_secs: z.number().positive().max(LIMIT_MAXIMA.wall_s).default(4),
  /** Seconds one test list may take in all (EvalPlus's EVALPLUS_TIMEOUT_PER_TASK), plus 1. */
  task_timeout_secs: z.number().positive().max(LIMIT_MAXIMA.wall_s - 1).default(60),
  /** Address space of each run, MiB (EvalPlus allows 4 GiB). */
  memory_mb: z.number().int().min(64).max(LIMIT_MAXIMA.memory_mb).default(4096),
  /** EvalPlus's dataset file (HumanEvalPlus.jsonl[.gz], MbppPlus.jsonl[.gz]) that rows naming only a task_id are completed from, by `collect`. */
  dataset_fpath: z.string().min(1).nullish(),
});
export type EvalPlusConfig = z.infer<typeof EvalPlusConfig>;

/** One test: the call's arguments, in order, and the value it must return. */
export const Test = z.object({ input: z.array(z.unknown()), output: z.unknown() });
export type Test = { input: unknown[]; output: unknown };

const MISSING_TESTS =
  "the row names an EvalPlus task but carries no tests: collect completes such rows from EvalPlus's dataset file named by the evalplus server's dataset_fpath (docs/environments.md: evalplus rows that give only a task_id); send /run the completed row";

const Fields = z
  .looseObject({
    /** EvalPlus's task id (HumanEval/0, Mbpp/2): a row that gives only this is completed from the dataset file. */
    task_id: z.string().nullish(),
    entry_point: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
    /** EvalPlus's columns: argument lists, and beside them the expected outputs. */
    base_inputs: z.array(z.array(z.unknown())).nullish(),
    base_outputs: z.array(z.unknown()).nullish(),
    plus_inputs: z.array(z.array(z.unknown())).nullish(),
    plus_outputs: z.array(z.unknown()).nullish(),
    /** Or the same as {input, output} pairs. */
    base_tests: z.array(Test).nullish(),
    plus_tests: z.array(Test).nullish(),
    /** EvalPlus's per-problem absolute tolerance (0: exact, floats 1e-6). */
    atol: z.number().min(0).default(0),
    /**
     * From EvalPlus's dataset: the task's prompt (prefixed to a reply that does not start with it,
     * as NeMo Gym does) and its reference solution, run on inputs given without outputs to get them.
     */
    prompt: z.string().nullish(),
    canonical_solution: z.string().nullish(),
  })
  .superRefine((m, ctx) => {
    for (const list of ["base", "plus"] as const) {
      const inputs = m[`${list}_inputs`];
      const outputs = m[`${list}_outputs`] ?? (m.canonical_solution == null ? null : inputs);
      if ((inputs == null) !== (outputs == null) || (inputs && outputs && inputs.length !== outputs.length)) {
        ctx.addIssue({ code: "custom", path: [`${list}_outputs`], message: `${list}_inputs and ${list}_outputs go together, one output per input (or a canonical_solution to compute them)` });
      }
      if (inputs && m[`${list}_tests`]) ctx.addIssue({ code: "custom", path: [`${list}_tests`], message: `give ${list}_inputs or ${list}_tests, not both` });
    }
    if (!m.base_inputs?.length && !m.base_tests?.length) ctx.addIssue({ code: "custom", path: ["base_tests"], message: "a row needs at least one base test" });
  });

// A row that names its task and carries nothing else (NeMo Gym's) is told where its tests come
// from, before the fields it lacks are listed.
const Metadata = z
  .unknown()
  .superRefine((m, ctx) => {
    if (neededTaskId({ verifier_metadata: m }) !== undefined) ctx.addIssue({ code: "custom", path: ["task_id"], message: MISSING_TESTS });
  })
  .pipe(Fields);

/** A test list: its inputs, and their outputs unless the canonical solution is to compute them. */
export interface TestList {
  inputs: unknown[][];
  outputs?: unknown[];
}

/** A row's two test lists, whichever way it gives them. */
export function testLists(m: z.infer<typeof Metadata>): { base: TestList; plus: TestList } {
  const list = (inputs: unknown[][] | null | undefined, outputs: unknown[] | null | undefined, tests: Test[] | null | undefined): TestList =>
    tests ? { inputs: tests.map((t) => t.input), outputs: tests.map((t) => t.output) } : { inputs: inputs ?? [], ...(outputs ? { outputs } : {}) };
  return { base: list(m.base_inputs, m.base_outputs, m.base_tests), plus: list(m.plus_inputs, m.plus_outputs, m.plus_tests) };
}

/** The task fields of a row this server reads. */
export const Task = z.object({ verifier_metadata: Metadata });

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "HumanEval+ / MBPP+ style: the reply's last fenced python block defines `verifier_metadata.entry_point`; our harness calls it in the sandbox (`sandbox_url`; one run per list) with each base test's arguments, then each plus test's (`base_inputs`/`base_outputs` and `plus_inputs`/`plus_outputs`, or `base_tests`/`plus_tests` as `{input, output}`), under a per-call limit (`test_timeout_secs`, EvalPlus's 4 s): a worker process runs the solution, and the harness, which never does, asks it for one test at a time, kills it at the limit and alone writes results, so nothing the solution writes (a thread, a child, a late answer) can stand for one; results are compared in the Worker as EvalPlus compares them: Python `==` on exact numbers (below), else `np.testing.assert_allclose` (rtol 1e-7, numpy's shapes) with the row's `atol`, or 1e-6 where the *expected* value is floats (a float, or a list of only floats), so an expected int must come back exactly, whatever type the solution returns it as; a value JSON cannot hold (NaN, an infinity, an object) fails its test; two named scores (`reward_components`): `base` (every base test passes) and `plus` (every base and plus test passes, EvalPlus's base + extra), with `base_status`/`plus_status`, NeMo Gym's `is_correct`/`is_correct_plus` and per-test `base_details`/`plus_details`; a sandbox failure marks the row `sandbox_failed`. NeMo Gym's rows carry only `verifier_metadata.task_id` (below: evalplus rows that give only a task_id)",
  reward: "0/1 (the `plus` score)",
  answerKey: "`extracted_model_code`",
};

export default resourcesServer({
  catalogue,
  task: Task,
  config: EvalPlusConfig,
  stateful: false,
  taskFile: { configKey: "dataset_fpath", needs: neededTaskId, read: readDataset, source: DATASET_SOURCES },
});
