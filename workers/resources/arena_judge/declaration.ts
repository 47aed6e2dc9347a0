// arena_judge: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { InlinedFiles } from "../../../shared/judge/files.ts";
import { JudgeCallSettings } from "../../../shared/judge/settings.ts";
import { ResourcesServerConfig, ServerRef } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";

const { judge_responses_create_params: _responses, use_chat_completions_for_judge: _chat, ...callBounds } = JudgeCallSettings;

export const ArenaJudgeConfig = ResourcesServerConfig.safeExtend({
  judge_model_server: ServerRef,
  /** NeMo's name: the judge is asked over /v1/chat/completions with these params (`messages` is the prompt's). */
  judge_chat_completions_create_params: z.looseObject({}).default({}),
  /** Category -> the judge prompt file (YAML with `system` and `user`) used for rows of that category. */
  judge_prompt_paths: z.record(z.string(), z.string()).default({
    hard_prompt: "resources_servers/arena_judge/prompts/arena.yaml",
    creative_writing: "resources_servers/arena_judge/prompts/arena_creative.yaml",
  }),
  /** The category of rows that name none, or one judge_prompt_paths lacks. */
  default_category: z.string().default("hard_prompt"),
  // Read by NeMo's Arena-Elo metric only; accepted so its config files load unchanged.
  arena_elo_bootstrap_rounds: z.number().int().default(100),
  arena_elo_bootstrap_seed: z.number().int().default(42),
  /** Scrub lone UTF-16 surrogates and NULs from both answers before judging (multilingual sets). */
  sanitize_generations: z.boolean().default(false),
  ...callBounds,
  ...InlinedFiles,
});
export type ArenaJudgeConfig = z.infer<typeof ArenaJudgeConfig>;

/** The task fields of a row this server reads (each optional, as the reference has them). */
export const Task = z.object({
  question: z.string().nullish(),
  baseline_answer: z.string().nullish(),
  category: z.string().nullish(),
  uid: z.string().nullish(),
});

/** The judge's two replies a reference rollout records: (candidate, baseline), then swapped. */
function recordedJudgeReplies(rollout: Record<string, unknown>): string[] | undefined {
  const { judgement_gen_base: genBase, judgement_base_gen: baseGen } = rollout;
  return typeof genBase === "string" && typeof baseGen === "string" ? [genBase, baseGen] : undefined;
}

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "arena-hard pairwise judging, as NeMo Gym's arena_judge: a judge model (`judge_model_server`, chat completions with `judge_chat_completions_create_params`) compares the answer (every output_text joined) with the row's `baseline_answer` twice, candidate first then swapped, with the prompt file of the row's `category` (`judge_prompt_paths`: `hard_prompt`, `creative_writing`; an unknown or missing category uses `default_category`); a verdict counts only when every `[[...]]` label in the reply is the same one of A>>B / A>B / A=B / B>A / B>>A, else it is null and `invalid_gen_base` / `invalid_base_gen` are true (scored, not failed); `judgement_gen_base`, `judgement_base_gen` (the judge's text as it came), `verdict_gen_base`, `verdict_base_gen`, `category` (the one used); a judge failure or an empty reply marks the row `judge_failed`",
  reward: "0/1 (1 when the candidate-first verdict is A>B or A>>B; Arena-Elo beside in /aggregate_metrics: `arena_elo/score`, `ci_lower`, `ci_upper`, overall and per category)",
  answerKey: "`verdict_gen_base`",
};

export default resourcesServer({
  catalogue,
  task: Task,
  config: ArenaJudgeConfig,
  stateful: false,
  references: ["judge_model_server"],
  promptFiles: ["judge_prompt_paths"],
  recordedJudgeReplies,
});
