// genrm_compare: a resources server, stateless, that scores cohorts (POST /compare).
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig, ServerRef } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";
import { COMPARISON_STRATEGIES } from "./pairs.ts";

// Our own wording of the judging standard NeMo Gym's default principle sets out.
const DEFAULT_PRINCIPLE =
  "Judge the two assistant responses to the conversation impartially. Work out your own answer first, then check each response against it and note any mistake. Prefer the response that is correct, does what the user asked, stays on the question and says it without padding; when the request is ambiguous, asking for clarification beats guessing. Consider originality where the task calls for it, and what important information either response leaves out.";

/** The CohortDO namespace /verify gathers cohorts in (num_rollouts_per_prompt > 1). */
export const COHORTS_BINDING = "COHORTS";

/** NeMo Gym's fields, with its defaults. */
export const GenrmCompareConfig = ResourcesServerConfig.safeExtend({
  genrm_model_server: ServerRef,
  /** Create params of every GenRM call; `input` and `metadata` are the comparison's. */
  genrm_responses_create_params: z.looseObject({}).default({}),
  /** Deadline of one GenRM call (ours: NeMo Gym has none). */
  genrm_timeout_s: z.number().positive().default(180),
  /**
   * The most of each answer the GenRM is shown, the rest cut with a note (ours: NeMo Gym shows it
   * all). Two of them and the conversation must fit the GenRM server's max_input_chars (1000000),
   * so no answer can make the pair too large to ask about and fail its cohort.
   */
  genrm_max_answer_chars: z.number().int().positive().default(200_000),
  /**
   * Above 1, /verify holds each rollout until this many of its prompt have arrived, then scores them
   * together (NeMo Gym's cohort-based verify, for trainers calling /run per rollout); at 1, /verify
   * gives the neutral default_score and `collect` scores each task's cohort through /compare.
   */
  num_rollouts_per_prompt: z.number().int().min(1).default(1),
  /** How long a rollout waits for the rest of its cohort before the cohort fails (ours: NeMo Gym waits forever). */
  cohort_timeout_s: z.number().positive().default(1800),
  /** When a cohort still short of rollouts says so in the log, how many it has and needs (ours). */
  cohort_notice_s: z.number().positive().default(60),
  comparison_strategy: z.enum(COMPARISON_STRATEGIES).default("circular"),
  /** Verdicts asked per pair, each counted. */
  num_judges_per_comparison: z.number().int().min(1).default(1),
  use_principle: z.boolean().default(false),
  default_principle: z.string().default(DEFAULT_PRINCIPLE),
  aggregator_method: z.enum(["simple_tiebreaker"]).default("simple_tiebreaker"),
  reasoning_bonus: z.number().default(0),
  answer_bonus: z.number().default(0),
  top_percentile: z.number().min(0).max(1).default(0.2),
  group_reasoning_length_penalty_coeff: z.number().default(0),
  group_answer_length_penalty_coeff: z.number().default(0),
  group_style_penalty_coeff: z.number().default(0),
  /** A response's score, and a pair's ranking, when the GenRM's answers hold no verdict. */
  default_score: z.number().default(3),
  default_ranking: z.number().default(3.5),
  debug_logging: z.boolean().default(false),
  /** Extra asks when an answer holds no verdict (a call that fails is not retried here: it fails the cohort). */
  genrm_parse_retries: z.number().int().min(0).default(3),
  genrm_parse_retry_sleep_s: z.number().min(0).default(0.2),
});
export type GenrmCompareConfig = z.infer<typeof GenrmCompareConfig>;

/** The task fields of a row this server reads. */
export const Task = z.object({
  /** This row's comparison principle (with use_principle); else default_principle. */
  principle: z.string().nullish(),
  prompt_id: z.union([z.string(), z.number()]).nullish(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "cohort scoring (below), as NeMo Gym's genrm_compare: a task's rollouts are compared pairwise by a generative reward model (`genrm_model_server`, a `genrm_model`)",
  reward: "each rollout's mean pairwise score (1-5 scale, ties moved by the ranking), relative to its task's other rollouts",
  answerKey: "none",
};

export default resourcesServer({
  catalogue,
  task: Task,
  config: GenrmCompareConfig,
  stateful: false,
  references: ["genrm_model_server"],
  cohort: true,
  durableObjects: { [COHORTS_BINDING]: "CohortDO" },
});
