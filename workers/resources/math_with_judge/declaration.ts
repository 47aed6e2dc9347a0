// math_with_judge: a resources server, stateless (no session objects).
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { judgeEvaluationTexts } from "../../../shared/judge/recorded.ts";
import { OptionalMathJudgeConfig } from "../../../shared/judge/math_settings.ts";

export const MathConfig = OptionalMathJudgeConfig;

/** The task fields of a row this server reads. */
export const Task = z.object({
  question: z.string(),
  expected_answer: z.string(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "the answer, as Math-Verify extracts it (the final boxes, else the prose), is the same math as `expected_answer` (below); with `should_use_judge`, a judge model (`judge_model_server`) is asked when the library says not equal, twice with the answers swapped (`judge_evaluations`; null when not asked); a judge failure marks the row `judge_failed`",
  reward: "0/1 (`library_reward`, `library_budget_exhausted` beside)",
  answerKey: "`extracted_answer`",
};

export default resourcesServer({ catalogue, task: Task, config: MathConfig, stateful: false, references: ["judge_model_server"], recordedJudgeReplies: judgeEvaluationTexts });
