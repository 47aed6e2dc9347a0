// code_gen: a resources server, stateless (no session objects). Code runs only in the sandbox the
// config names; the expected outputs stay here.
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";
import { SandboxSettings } from "../../../shared/sandbox/client.ts";
import { LIMIT_MAXIMA } from "../../../shared/sandbox/schema.ts";

export const CodeGenConfig = ResourcesServerConfig.safeExtend({
  ...SandboxSettings.shape,
  /** Seconds one test may run (NeMo Gym's name and default). */
  unit_test_timeout_secs: z.number().positive().max(LIMIT_MAXIMA.wall_s).default(10),
  /** Seconds all of a row's tests may take; unset, LiveCodeBench's (per test + 1) × tests + 5. */
  task_timeout_secs: z.number().positive().nullish(),
  /** Address space of each run, MiB (LiveCodeBench allows 4 GiB). */
  memory_mb: z.number().int().min(64).max(LIMIT_MAXIMA.memory_mb).default(4096),
});
export type CodeGenConfig = z.infer<typeof CodeGenConfig>;

/** LiveCodeBench's unit tests: stdin/stdout, or calls of `fn_name` with JSON arguments one per line. */
export const UnitTests = z.object({
  inputs: z.array(z.string()),
  outputs: z.array(z.string()),
  fn_name: z.string().nullish(),
});
export type UnitTests = z.infer<typeof UnitTests>;

/** The task fields of a row this server reads. */
export const Task = z.object({
  verifier_metadata: z.looseObject({ unit_tests: UnitTests, difficulty: z.string().nullish() }),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "the reply's last fenced code block (LiveCodeBench's `extract_code`) passes every `verifier_metadata.unit_tests` test, run one by one in the sandbox (`sandbox_url`; stdin/stdout, or calls of `fn_name` through our harness) and judged in the Worker as LiveCodeBench judges: lines stripped, tokens equal as Decimals; call results by Python `==` or `numpy.allclose`; stops at the first failure; `result` holds LiveCodeBench's codes (true, -2 wrong, -3 time, -4 error, all -1 past the task's limit `task_timeout_secs`), with `metadata`; per test `unit_test_timeout_secs`; a sandbox failure marks the row `sandbox_failed`",
  reward: "0/1",
  answerKey: "`extracted_model_code`",
};

export default resourcesServer({ catalogue, task: Task, config: CodeGenConfig, stateful: false });
