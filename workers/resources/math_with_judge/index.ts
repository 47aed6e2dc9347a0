// Math answers (NeMo Gym's math_with_judge): the contents of the reply's last \boxed{} against
// expected_answer by symbolic equivalence (shared/verifiers/math), within an operation budget.
// When the library says not equal and the instance enables the judge, a judge model is asked
// with (expected, generated) and, only if it says equal, again with the two swapped; both must
// say equal. A judge that fails marks the row with a failure class, never a reward of 0.
import { z } from "../../../shared/zod.ts";
import declaration, { MathConfig } from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { ServerRef } from "../../../shared/schemas/config.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { assistantText } from "../../../shared/verifiers/assistant_text.ts";
import { lastBoxed } from "../../../shared/verifiers/boxed.ts";
import { JudgeCallSettings, judgeCall, judgeEquivalence } from "../../../shared/verifiers/judge.ts";
import { mathEquivalent } from "../../../shared/verifiers/math/equivalent.ts";
import { normalizeAnswer } from "../../../shared/verifiers/math/normalize.ts";
import { MATH_JUDGE_PROMPT } from "./judge_prompt.ts";

export default defineResourcesServer({
  declaration,
  task: z.object({
    question: z.string(),
    expected_answer: z.string(),
  }),
  tools: {},
  answerKey: "extracted_answer",
  async verify(body, { env }) {
    const config = instanceConfig(env, MathConfig);
    // A last box cut off by the token limit is no answer, as in NeMo Gym (not the box before it).
    const boxed = lastBoxed(assistantText(body.response.output));
    if (boxed === undefined || !boxed.trim()) {
      return { reward: 0, extracted_answer: null, library_reward: 0, library_budget_exhausted: false, judge_evaluations: null };
    }
    const check = mathEquivalent(body.expected_answer, boxed, { budget: config.library_budget });
    const library = {
      extracted_answer: normalizeAnswer(boxed),
      library_reward: check.equal ? 1 : 0,
      library_budget_exhausted: check.budgetExhausted,
    };
    if (check.equal || !config.should_use_judge) return { reward: library.library_reward, ...library, judge_evaluations: null };
    const judged = await judgeEquivalence(env, config.judge_model_server!, {
      prompt: MATH_JUDGE_PROMPT,
      question: body.question,
      expected: body.expected_answer,
      generated: boxed,
      ...judgeCall(config),
    });
    return { reward: judged.equal ? 1 : 0, ...library, judge_evaluations: judged.evaluations };
  },
});
