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
// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "multilingual math (PolyMath): the answer, as Math-Verify extracts it (the final boxes, else the prose), is the same math as `expected_answer` (a wholly `\\boxed{}` expected answer is read inside); with `should_use_judge` (off in NeMo Gym's config), a judge model is asked when the library says not equal, twice with the answers swapped (`judge_evaluations`; null when not asked); the row's `weight` (difficulty: low 1, medium 2, high 4, top 8) and `language` come back (null when absent)",
  reward: "0/1 (`library_reward` beside)",
  answerKey: "`extracted_answer`",
};

export default resourcesServer({ catalogue, task: Task, config: PolyMathConfig, stateful: false, references: ["judge_model_server"] });
