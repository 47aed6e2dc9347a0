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

export default resourcesServer({ task: Task, config: MathConfig, stateful: false, references: ["judge_model_server"], recordedJudgeReplies: judgeEvaluationTexts });
