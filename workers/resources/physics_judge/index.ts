// Physics answers (NeMo Gym's physics_judge): the reply's final answer against expected_answer by
// symbolic equivalence first (shared/verifiers/math); on a miss, one call to a physics judge that
// sees the question, the whole reply and the expected answer and says [Correct] or [Incorrect]. No
// swap: the prompt gives each its role. As the reference reads it, any `[Correct]` in the reply
// (any case) is a pass and anything else, a reply with no label included, is a fail (reward 0).
import declaration, { PhysicsConfig } from "./declaration.ts";
import { MATH_JUDGE_SCORES } from "../../../shared/judge/math_settings.ts";
import { ANSWER_KEY_METRICS } from "../../../shared/metrics/key_metrics.ts";
import { saysCorrect } from "./verdict.ts";
import { askJudge } from "../../../shared/judge/call.ts";
import { promptFileMessages } from "../../../shared/judge/prompt_file.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { joinedOutputText } from "../../../shared/verifiers/assistant_text.ts";
import { libraryCheck } from "../../../shared/verifiers/math/library_check.ts";

const server = defineResourcesServer({
  declaration,
  tools: {},
  answerKey: "extracted_answer",
  // As math_with_judge, which the reference builds on: the library's verdict, and the judge's where it was asked.
  scores: MATH_JUDGE_SCORES,
  // NeMo Gym's per-domain pass@k on top of math_with_judge's (the row's domain, echoed).
  subsets: ["domain"],
  keyMetrics: ANSWER_KEY_METRICS,
  async verify(body, { env }) {
    const config = instanceConfig(env, PhysicsConfig);
    // The reference grades the output_text parts joined as they are, and shows that whole text to the judge.
    const reply = joinedOutputText(body.response.output);
    const library = libraryCheck(body.expected_answer, reply, config.library_budget);
    if (library.library_reward === 1 || !config.should_use_judge) return { reward: library.library_reward, ...library, judge_evaluations: null };
    const judge = { ref: config.judge_model_server, settings: config, environment: "physics_judge" };
    const answer = await askJudge(env, judge, {
      messages: promptFileMessages(config, config.judge_prompt_path, { problem: body.question, generation: reply, expected_answer: body.expected_answer }),
      read: saysCorrect,
    });
    return { reward: answer.verdict ? 1 : 0, ...library, judge_evaluations: [answer.evaluation] };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
