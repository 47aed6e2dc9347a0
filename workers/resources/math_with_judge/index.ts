// Math answers (NeMo Gym's math_with_judge): the reply's final answer, found as Math-Verify finds
// it (the final run of \boxed{}, else a labelled or last answer in the prose: math/extract.ts),
// against expected_answer by symbolic equivalence (shared/verifiers/math), within an operation budget.
// When the library says not equal and the instance enables the judge, a judge model is asked
// with (expected, generated) and, only if it says equal, again with the two swapped; both must
// say equal. A judge that fails marks the row with a failure class, never a reward of 0. A wrong
// answer carries `error_feedback` saying why (feedback.ts), for self-correcting agents.
import declaration, { MathConfig } from "./declaration.ts";
import { MATH_JUDGE_SCORES } from "../../../shared/judge/math_settings.ts";
import { ANSWER_KEY_METRICS } from "../../../shared/metrics/key_metrics.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { assistantText } from "../../../shared/verifiers/assistant_text.ts";
import { judgeEquivalence } from "../../../shared/judge/equivalence.ts";
import { mathEquivalent } from "../../../shared/verifiers/math/equivalent.ts";
import { finalAnswer } from "../../../shared/verifiers/math/extract.ts";
import { normalizeAnswer } from "../../../shared/verifiers/math/normalize.ts";
import { withErrorFeedback } from "./feedback.ts";
import { MATH_JUDGE_PROMPT } from "./judge_prompt.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

const server = defineResourcesServer({
  declaration,
  tools: {},
  answerKey: "extracted_answer",
  // NeMo Gym's math_with_judge scores and get_key_metrics: the library's verdict, and the judge's where it was asked.
  scores: MATH_JUDGE_SCORES,
  keyMetrics: ANSWER_KEY_METRICS,
  async verify(body, { env }) {
    const config = instanceConfig(env, MathConfig);
    // NeMo Gym hands Math-Verify the whole reply, so an answer outside any box still counts.
    const answer = finalAnswer(assistantText(body.response.output));
    if (answer === undefined || !answer.trim()) {
      return withErrorFeedback({ reward: 0, extracted_answer: null, library_reward: 0, library_budget_exhausted: false, judge_evaluations: null });
    }
    const check = mathEquivalent(body.expected_answer, answer, { budget: config.library_budget });
    const library = {
      extracted_answer: normalizeAnswer(answer),
      library_reward: check.equal ? 1 : 0,
      library_budget_exhausted: check.budgetExhausted,
    };
    if (check.equal || !config.should_use_judge) return withErrorFeedback({ reward: library.library_reward, ...library, judge_evaluations: null });
    const judge = { ref: config.judge_model_server!, settings: config, environment: "math_with_judge" };
    const judged = await judgeEquivalence(env, judge, {
      prompt: MATH_JUDGE_PROMPT,
      question: body.question,
      expected: body.expected_answer,
      generated: answer,
    });
    return withErrorFeedback({ reward: judged.equal ? 1 : 0, ...library, judge_evaluations: judged.evaluations });
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
