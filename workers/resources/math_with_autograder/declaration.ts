// math_with_autograder: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { InlinedFiles } from "../../../shared/judge/files.ts";
import { judgeEvaluationTexts } from "../../../shared/judge/recorded.ts";
import { MathJudgeSettings } from "../../../shared/judge/math_settings.ts";
import { ResourcesServerConfig, ServerRef } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";

export const AutograderConfig = ResourcesServerConfig.safeExtend({
  judge_model_server: ServerRef,
  ...MathJudgeSettings,
  ...InlinedFiles,
  /** Ask the autograder when the symbolic check says not equal. */
  should_use_judge: z.boolean().default(true),
  /** A YAML prompt file: `user` (required) and `system` (optional); placeholders {problem}, {predicted_answer}, {expected_answer}. */
  judge_prompt_path: z.string().default("resources_servers/math_with_autograder/prompts/judge.yaml"),
});
export type AutograderConfig = z.infer<typeof AutograderConfig>;

const text = z.string().nullish();

/** The task fields of a row this server reads (IMO-AnswerBench rows carry the others for metrics and reading). */
export const Task = z.object({
  question: z.string(),
  expected_answer: z.string(),
  problem_id: text,
  category: text,
  subcategory: text,
  source: text,
});

export default resourcesServer({
  task: Task,
  config: AutograderConfig,
  stateful: false,
  references: ["judge_model_server"],
  promptFiles: ["judge_prompt_path"],
  // judge_evaluations is null when the symbolic check decided: no judge was asked.
  recordedJudgeReplies: (rollout) => (rollout.judge_evaluations === null ? [] : judgeEvaluationTexts(rollout)),
});
