// ugphysics_judge: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { InlinedFiles } from "../../../shared/judge/files.ts";
import { judgeEvaluationTexts } from "../../../shared/judge/recorded.ts";
import { MathJudgeSettings } from "../../../shared/judge/math_settings.ts";
import { ResourcesServerConfig, ServerRef } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";

export const UgPhysicsConfig = ResourcesServerConfig.safeExtend({
  judge_model_server: ServerRef,
  ...MathJudgeSettings,
  ...InlinedFiles,
  /** Ask the judge when the symbolic check says not equal. */
  should_use_judge: z.boolean().default(true),
  /** A YAML prompt file (`user`, optional `system`) with {problem}, {solution}, {expected_answer} and {generation}. */
  judge_prompt_path: z.string().default("resources_servers/ugphysics_judge/prompts/judge.yaml"),
});

/** The task fields of a row this server reads: the reference solution goes to the judge, the subject to the metrics. */
export const Task = z.object({
  question: z.string(),
  expected_answer: z.string(),
  solution: z.string().default(""),
  subject: z.string().nullish(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "the reply's final answer (as Math-Verify extracts it) is the same math as `expected_answer`; on a miss, with `should_use_judge` (default true), one judge call (`judge_model_server`, prompt file `judge_prompt_path` with `{problem}`, the row's `{solution}` (default empty), `{expected_answer}`, `{generation}` = the whole reply; no swap) read as the reference reads it: TRUE/FALSE under the first `## Equivalence Judgement` heading, else the last standalone TRUE/FALSE; `extracted_verdict` (TRUE on a symbolic match, FALSE when the judge is off, null when the judge's reply has no verdict: reward 0, not a failure), `library_reward`, `judge_evaluations`, `subject`; a judge failure or an empty judge reply marks the row `judge_failed`",
  reward: "0/1 (pass@k per subject beside)",
  answerKey: "`extracted_verdict`",
};

export default resourcesServer({
  catalogue,
  task: Task,
  config: UgPhysicsConfig,
  stateful: false,
  references: ["judge_model_server"],
  promptFiles: ["judge_prompt_path"],
  recordedJudgeReplies: judgeEvaluationTexts,
});
