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

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "the answer, as Math-Verify extracts it from the output text (every message's, joined as written), is the same math as `expected_answer` (`library_reward`); when not and `should_use_judge` (default true), one autograder call (`judge_model_server`, prompt file `judge_prompt_path` with `user` and an optional `system`, NeMo Skills' imo_answerbench by default; `{problem}`, `{predicted_answer}`, `{expected_answer}`) with the raw contents of the last `\\boxed{}` (else `\\fbox{}`, else the extracted answer, else the whole reply) as the model solution, no swap; whichever of `\\boxed{Correct}` and `\\boxed{Incorrect}` the reply writes first decides, neither scoring 0 (`judge_evaluations`; null when not asked); a judge failure or an empty reply marks the row `judge_failed`",
  reward: "0/1",
  answerKey: "`extracted_answer`",
};

export default resourcesServer({
  catalogue,
  task: Task,
  config: AutograderConfig,
  stateful: false,
  references: ["judge_model_server"],
  promptFiles: ["judge_prompt_path"],
  // judge_evaluations is null when the symbolic check decided: no judge was asked.
  recordedJudgeReplies: (rollout) => (rollout.judge_evaluations === null ? [] : judgeEvaluationTexts(rollout)),
});
