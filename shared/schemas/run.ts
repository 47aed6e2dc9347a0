// Bodies of the agent and resources server routes (SPEC "simple_agent /run", "Verify contract").
// A row carries task fields the verifier reads, so rows are loose objects around strict create params.
import { z } from "../zod.ts";
import { Item, ResponseObject, ResponsesCreateParams } from "./responses.ts";

/** Bookkeeping keys the collector stamps on rows and results (NeMo Gym's spellings). */
export const TASK_INDEX_KEY = "_ng_task_index";
export const ROLLOUT_INDEX_KEY = "_ng_rollout_index";
export const FAILURE_CLASS_KEY = "_ng_failure_class";
/** NeMo Gym's flag on a failure that asking again cannot fix (bad input, a judge that gave up): resume skips it. */
export const FAILURE_TERMINAL_KEY = "_ng_failure_terminal";
/** A rollout's logical id, the same across its attempts (NeMo Gym's key; NeMo RL sets it per prompt sibling). */
export const ROLLOUT_ID_KEY = "_ng_rollout_id";
/** Which attempt at the rollout this is, from 0: a retry keeps the id and gets the next index. */
export const ATTEMPT_INDEX_KEY = "_ng_attempt_index";

/** NeMo Gym's charset for a rollout id: it becomes a path segment and a file name, so no leading dot. */
export const ROLLOUT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export const AgentRef = z.looseObject({ name: z.string().min(1) });

export const RunRequest = z.looseObject({
  // Absent only from a row whose resources server makes its prompt at /seed_session (a generated task).
  responses_create_params: ResponsesCreateParams.default({ input: [] }),
  agent_ref: AgentRef.optional(),
  [ROLLOUT_ID_KEY]: z.string().max(128).regex(ROLLOUT_ID_PATTERN, "expected letters, digits, dots, dashes or underscores, starting with a letter or digit").optional(),
  [ATTEMPT_INDEX_KEY]: z.number().int().min(0).optional(),
});
export type RunRequest = z.infer<typeof RunRequest>;

/**
 * /seed_session's answer. NeMo Gym's is {}; ours adds which of the row's tools the server runs in
 * this session, so an agent sends no other tool call (absent from servers that are not ours).
 */
export const SeedSessionResponse = z.looseObject({
  callable_tools: z.array(z.string()).optional(),
  /** Ours: what the server adds after the row's input, for a task it makes at seed time (a generated one). */
  input: z.array(Item).optional(),
});
export type SeedSessionResponse = z.infer<typeof SeedSessionResponse>;

/**
 * What a resources server of ours says of itself over RPC (`/describe`): whether its
 * /seed_session does more than check a row's tools, and the tools it runs (null: any offered).
 */
export const Description = z.object({ seeds: z.boolean(), tools: z.array(z.string()).nullable() });
export type Description = z.infer<typeof Description>;

export const VerifyRequest = RunRequest.safeExtend({ response: ResponseObject });
export type VerifyRequest = z.infer<typeof VerifyRequest>;

/** A scored row has a reward; a row its verifier could not decide has a failure class instead. */
export const VerifyResponse = VerifyRequest.safeExtend({
  reward: z.number().optional(),
  [FAILURE_CLASS_KEY]: z.string().optional(),
}).refine((r) => r.reward !== undefined || r[FAILURE_CLASS_KEY] !== undefined, { message: "a verify response needs a numeric reward or a failure class" });
export type VerifyResponse = z.infer<typeof VerifyResponse>;

/** A rollout that produced no reward: its class (e.g. `judge_failed`, `deadline_exceeded`) and error. */
export const RolloutFailure = z.looseObject({
  [FAILURE_CLASS_KEY]: z.string(),
  error: z.unknown(),
});
export type RolloutFailure = z.infer<typeof RolloutFailure>;

/** POST /run_batch: rows run concurrently; results stream back as NDJSON as each one finishes. */
export const RunBatchRequest = z.strictObject({ rows: z.array(RunRequest).min(1) });
export type RunBatchRequest = z.infer<typeof RunBatchRequest>;

/** One NDJSON line of a /run_batch answer, tagged with the row's position in `rows`. */
export const RunBatchLine = z.union([
  z.strictObject({ index: z.number().int().min(0), result: VerifyResponse }),
  z.strictObject({ index: z.number().int().min(0), failure: RolloutFailure }),
]);
export type RunBatchLine = z.infer<typeof RunBatchLine>;

/**
 * POST /aggregate_metrics (NeMo Gym's contract): verify responses stripped of
 * `responses_create_params` and of `response` except `response.usage`.
 */
export const StrippedVerifyResponse = z.looseObject({
  reward: z.number(),
  [TASK_INDEX_KEY]: z.number().int().min(0).optional(),
  [ROLLOUT_INDEX_KEY]: z.number().int().min(0).optional(),
});
export type StrippedVerifyResponse = z.infer<typeof StrippedVerifyResponse>;

export const AggregateMetricsRequest = z.strictObject({ verify_responses: z.array(StrippedVerifyResponse) });
export type AggregateMetricsRequest = z.infer<typeof AggregateMetricsRequest>;

/** Per-task statistics, overall statistics with pass@k, and the headline subset of those. */
export const AggregateMetrics = z.object({
  group_level_metrics: z.array(z.record(z.string(), z.unknown())).default([]),
  agent_metrics: z.record(z.string(), z.unknown()).default({}),
  key_metrics: z.record(z.string(), z.unknown()).default({}),
});
export type AggregateMetrics = z.infer<typeof AggregateMetrics>;
