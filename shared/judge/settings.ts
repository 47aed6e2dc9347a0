// The judge-call fields of a judging server's instance config, under NeMo Gym's names, to spread
// into its schema: which API the judge speaks, its sampling parameters, and the bounds every judge
// call keeps (a deadline per attempt, a bounded number of attempts, calls at once per judge).
import { z } from "../zod.ts";

export const DEFAULT_JUDGE_TIMEOUT_S = 180;

export const JudgeCallSettings = {
  /** Create params for every judge call (temperature, max_output_tokens, ...); `input` is the prompt's. */
  judge_responses_create_params: z.looseObject({}).default({}),
  /** Ask the judge through /v1/chat/completions instead of /v1/responses (endpoints without the Responses API). */
  use_chat_completions_for_judge: z.boolean().default(false),
  /** Each attempt's deadline, in seconds. */
  judge_timeout_s: z.number().positive().default(DEFAULT_JUDGE_TIMEOUT_S),
  /** Attempts per judge question, the first included: a judge that fails this often is judge_failed. */
  judge_max_attempts: z.number().int().min(1).max(10).default(3),
  /** Judge calls in flight at once from one isolate of this server; more wait their turn. */
  judge_max_concurrency: z.number().int().min(1).default(64),
};

export type JudgeCallSettings = { [K in keyof typeof JudgeCallSettings]: z.infer<(typeof JudgeCallSettings)[K]> };
