// ns_tools: a resources server (NeMo Gym's ns_tools) whose stateful Python tool keeps one sandbox
// interpreter per rollout, and whose verify is math_with_judge's answer check. The session object
// holds the seeding and the rollout's tool-call timings (for verify's timing metrics).
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig, ServerRef } from "../../../shared/schemas/config.ts";
import { SandboxSettings } from "../../../shared/sandbox/client.ts";
import { LIMIT_MAXIMA, SESSION_IDLE_TTL_DEFAULT_S, SESSION_IDLE_TTL_MAX_S } from "../../../shared/sandbox/schema.ts";

/** The verifier NeMo Gym's ns_tools delegates to; the only one whose check runs here. */
export const MATH_WITH_JUDGE = "math_with_judge";

const ToolOverrides = z.looseObject({
  /** Seconds one call of the Python tool may run (NeMo Skills' DirectPythonTool setting). */
  exec_timeout_s: z.int().min(1).max(LIMIT_MAXIMA.wall_s).optional(),
});

export const NsToolsConfig = ResourcesServerConfig.safeExtend({
  ...SandboxSettings.shape,
  default_verifier: z.literal(MATH_WITH_JUDGE).default(MATH_WITH_JUDGE),
  /** NeMo Gym's map of verifier names to servers: read for its names only (the check runs in this Worker). */
  verifiers: z.record(z.string(), ServerRef).default({}),
  /** NeMo Skills tool modules; only the stateful Python tool exists here, whatever the list names. */
  nemo_skills_tools: z.array(z.string()).default([]),
  nemo_skills_tool_overrides: z.record(z.string(), ToolOverrides).default({}),
  /** Seconds a Python call may run unless nemo_skills_tool_overrides sets exec_timeout_s. */
  exec_timeout_s: z.int().min(1).max(LIMIT_MAXIMA.wall_s).default(10),
  /** Characters of the tool's text the model is shown per call. */
  max_output_chars: z.int().positive().max(LIMIT_MAXIMA.output_bytes / 4 - 1).default(8192),
  memory_mb: z.int().min(64).max(LIMIT_MAXIMA.memory_mb).default(1024),
  session_idle_ttl_s: z.number().min(1).max(SESSION_IDLE_TTL_MAX_S).default(SESSION_IDLE_TTL_DEFAULT_S),
  /** Operation units per equivalence check (math_with_judge's setting). */
  library_budget: z.int().positive().default(200000),
});
export type NsToolsConfig = z.infer<typeof NsToolsConfig>;

/** The task fields of a row this server reads. */
export const Task = z.object({
  question: z.string(),
  expected_answer: z.string(),
  verifier_type: z.literal(MATH_WITH_JUDGE).nullish(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "NeMo Skills' stateful Python tool (`stateful_python_code_exec`, one sandbox interpreter per rollout, time limit from `nemo_skills_tool_overrides.DirectPythonTool.exec_timeout_s`); verify is math_with_judge's symbolic check (the final boxes, else the prose, the same math as `expected_answer`), run in the server and nested as `delegated_response`; the rollout's tool timings beside (`num_tool_calls`, `total_tool_execution_time_seconds`, `avg_tool_call_time_seconds`, `tool_timeout_count`, `tool_request_timeout_count`)",
  reward: "0/1",
  answerKey: "`extracted_answer`",
};

export default resourcesServer({ catalogue, task: Task, config: NsToolsConfig, stateful: true });
