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

export default resourcesServer({
  task: Task,
  config: ArenaJudgeConfig,
  stateful: false,
  references: ["judge_model_server"],
  promptFiles: ["judge_prompt_paths"],
  recordedJudgeReplies,
});
