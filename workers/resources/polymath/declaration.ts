// polymath: a resources server, stateless (no session objects).
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { OptionalMathJudgeConfig } from "../../../shared/judge/math_settings.ts";

export const PolyMathConfig = OptionalMathJudgeConfig;

/** The task fields of a row this server reads. */
export const Task = z.object({
  question: z.string(),
  expected_answer: z.string(),
  /** Difficulty weight of the question (low 1, medium 2, high 4, top 8); optional. */
  weight: z.number().nullish(),
  /** The question's language code ("en", "zh", ...); optional. */
  language: z.string().nullish(),
});

// No recordedJudgeReplies: the reference's rollouts were graded with its judge off (judge_evaluations
// null on the wrong row), so parity compares them as recorded, judge off, rather than forcing it on.
export default resourcesServer({ task: Task, config: PolyMathConfig, stateful: false, references: ["judge_model_server"] });
