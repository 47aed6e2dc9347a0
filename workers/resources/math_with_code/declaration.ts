// math_with_code: a resources server whose rollout's Python interpreter lives in the sandbox,
// keyed by the server's session id. It keeps a session object holding nothing but the fact that
// the session was seeded and is open, so a tool call in any other session is refused.
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";
import { SandboxSettings } from "../../../shared/sandbox/client.ts";
import { LIMIT_MAXIMA, SESSION_IDLE_TTL_DEFAULT_S, SESSION_IDLE_TTL_MAX_S } from "../../../shared/sandbox/schema.ts";

// The sandbox keeps 4 bytes a character plus one more character (UTF-8 is at most 4 bytes), so
// any stream it cut is longer than the cap here and is marked cut here.
export const sandboxOutputBytes = (chars: number) => 4 * (chars + 1);
const MAX_OUTPUT_CHARS = LIMIT_MAXIMA.output_bytes / 4 - 1;

export const MathWithCodeConfig = ResourcesServerConfig.safeExtend({
  ...SandboxSettings.shape,
  /** Seconds one execute_python call may run (NeMo Gym's name and default). */
  max_execution_time: z.int().min(1).max(LIMIT_MAXIMA.wall_s).default(10),
  /** Characters the model is shown per call of each of stdout, stderr and the last expression's value. */
  max_output_chars: z.int().positive().max(MAX_OUTPUT_CHARS).default(4096),
  /** Address space of the interpreter, MiB. */
  memory_mb: z.int().min(64).max(LIMIT_MAXIMA.memory_mb).default(1024),
  /** Seconds without a call after which the sandbox drops the interpreter (a rollout that never closes). */
  session_idle_ttl_s: z.number().min(1).max(SESSION_IDLE_TTL_MAX_S).default(SESSION_IDLE_TTL_DEFAULT_S),
}).refine((c) => c.sandbox_timeout_s > c.max_execution_time, {
  message: "sandbox_timeout_s must exceed max_execution_time, or a slow cell would read as a sandbox failure",
  path: ["sandbox_timeout_s"],
});
export type MathWithCodeConfig = z.infer<typeof MathWithCodeConfig>;

/** The task fields of a row this server reads. */
export const Task = z.object({
  expected_result: z.string(),
  // NeMo Gym's optional field: never graded, echoed back with its default as NeMo Gym does.
  expected_code_contains: z.string().default(""),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "math with a Python tool, as NeMo Gym's math_with_code: `execute_python` runs cells in one stateful interpreter per rollout in the sandbox (`sandbox_url`; a session keyed by the server's session id, ended by `end_session`, `/close_session` or `/verify`), per cell `max_execution_time` (a timeout restarts the interpreter and says so), answering `{success, stdout, stderr, error_message, result}` with stdout and stderr cut at `max_output_chars`; the answer is the last `\\boxed{}` of the latest assistant message that has one, else of the latest tool output's stdout (`extracted_answer`), the same math as `expected_result` (below; its `\\( \\)` or `$ $` peeled); a sandbox failure during a tool call ends the rollout as `sandbox_failed`",
  reward: "0/1 (`accuracy` beside)",
  answerKey: "`extracted_answer`",
};

export default resourcesServer({ catalogue, task: Task, config: MathWithCodeConfig, stateful: true });
