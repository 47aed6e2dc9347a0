// imo_proofbench_judge: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { InlinedFiles } from "../../../shared/judge/files.ts";
import { JudgeCallSettings } from "../../../shared/judge/settings.ts";
import { ResourcesServerConfig, ServerRef } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";

export const ImoProofBenchConfig = ResourcesServerConfig.safeExtend({
  judge_model_server: ServerRef,
  ...JudgeCallSettings,
  ...InlinedFiles,
  /** A YAML file with the prompt under `user`; placeholders {problem}, {reference_solution}, {rubric}, {predicted_answer}. */
  judge_prompt_path: z.string().default("prompts/judge.yaml"),
});
export type ImoProofBenchConfig = z.infer<typeof ImoProofBenchConfig>;

const text = z.string().nullish();

/** The task fields of a row this server reads; all optional, as NeMo Gym's are (a missing one is blank in the prompt). */
export const Task = z.object({
  problem_id: text,
  problem: text,
  reference_solution: text,
  /** The problem's grading guidelines. */
  rubric: text,
  category: text,
  level: text,
  expected_answer: text,
  source: text,
});

/**
 * The judge reply a recorded rollout holds in judge_output. None was asked when the reply had no
 * boxed answer (extracted_answer "") or the boxed answer matched symbolically: judge_output then
 * holds the reference's stand-in verdict, not a judge's reply.
 */
function recordedJudgeReplies(rollout: Record<string, unknown>): string[] | undefined {
  if (rollout.extracted_answer === "" || rollout.symbolic_correct === 1) return [];
  return typeof rollout.judge_output === "string" ? [rollout.judge_output] : undefined;
}

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "the contents of the last `\\boxed{}` of the last assistant message without its reasoning (NeMo Skills' search_boxed); none: 0 with the stand-in verdict and no judge call; one that states `expected_answer` (normalised text, else the symbolic check): 1, no judge call (`symbolic_correct`); otherwise a judge (`judge_model_server`, prompt from `judge_prompt_path`, NeMo's `prompts/judge.yaml` by default; `{problem}`, `{reference_solution}`, `{rubric}`, `{predicted_answer}`; chat completions with max_tokens / temperature / top_p defaulting to 4096 / 0 / 1) grades it, read as NeMo Skills reads it: the first \"Judgement: Yes/No\", else `\\boxed{Correct}`/`\\boxed{Incorrect}`, else the first `<points>N out of 7</points>`, correct at N >= 6 (`judge_points`, `judge_correct`, `any_correct`); a reply in none of the formats scores 0 with `no_judge_score: 1`; a judge failure or an empty reply marks the row `judge_failed`",
  reward: "0/1",
  answerKey: "`extracted_answer`",
};

export default resourcesServer({
  catalogue,
  task: Task,
  config: ImoProofBenchConfig,
  stateful: false,
  references: ["judge_model_server"],
  promptFiles: ["judge_prompt_path"],
  recordedJudgeReplies,
});
