// PolyMath (NeMo Gym's polymath, math_with_judge for a multilingual benchmark): the reply's final
// answer, found as Math-Verify finds it (boxes first), against expected_answer by symbolic
// equivalence (shared/verifiers/math/library_check.ts). When that says not equal and the instance
// enables the judge, a judge is asked twice, answers swapped; both must say equal. The row's
// difficulty weight and language come back on the verify response (null when the row has none).
import declaration, { PolyMathConfig } from "./declaration.ts";
import { MATH_JUDGE_SCORES } from "../../../shared/judge/math_settings.ts";
import { POLYMATH_JUDGE_PROMPT } from "./judge_prompt.ts";
import { judgeEquivalence } from "../../../shared/judge/equivalence.ts";
import { ANSWER_KEY_METRICS } from "../../../shared/metrics/key_metrics.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { joinedOutputText } from "../../../shared/verifiers/assistant_text.ts";
import { finalAnswer } from "../../../shared/verifiers/math/extract.ts";
import { libraryCheck } from "../../../shared/verifiers/math/library_check.ts";

const server = defineResourcesServer({
  declaration,
  tools: {},
  answerKey: "extracted_answer",
  // math_with_judge's scores, which the reference keeps: the library's verdict, and the judge's where it was asked.
  scores: MATH_JUDGE_SCORES,
  keyMetrics: ANSWER_KEY_METRICS,
  // PolyMath's own: pass@k per language, and weighted by difficulty (`_weighted`).
  subsets: ["language"],
  weightField: "weight",
  async verify(body, { env }) {
    const config = instanceConfig(env, PolyMathConfig);
    const row = { weight: body.weight ?? null, language: body.language ?? null };
    // The reference joins the output_text parts as they are and hands Math-Verify the whole reply.
    const reply = joinedOutputText(body.response.output);
    const library = libraryCheck(body.expected_answer, reply, config.library_budget);
    const answer = library.extracted_answer === null ? undefined : finalAnswer(reply);
    if (library.library_reward === 1 || !config.should_use_judge || answer === undefined) {
      return { reward: library.library_reward, ...library, judge_evaluations: null, ...row };
    }
    const judge = { ref: config.judge_model_server!, settings: config, environment: "polymath" };
    const judged = await judgeEquivalence(env, judge, { prompt: POLYMATH_JUDGE_PROMPT, question: body.question, expected: body.expected_answer, generated: answer });
    return { reward: judged.equal ? 1 : 0, ...library, judge_evaluations: judged.evaluations, ...row };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
