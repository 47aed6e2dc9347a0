// Undergraduate physics answers (NeMo Gym's ugphysics_judge): the reply's final answer against
// expected_answer by symbolic equivalence first (shared/verifiers/math); on a miss, one call to a
// judge that sees the problem, the reference solution and answer, and the whole reply, and writes
// `## Equivalence Judgement` TRUE or FALSE (verdict.ts). No swap: the roles are fixed. The verdict
// is kept as `extracted_verdict` (TRUE on a symbolic match, FALSE when the judge is off), which
// majority@k votes over; a judge reply with no verdict scores 0 with extracted_verdict null.
import declaration, { UgPhysicsConfig } from "./declaration.ts";
import { ANSWER_KEY_METRICS } from "../../../shared/metrics/key_metrics.ts";
import { computeMetrics } from "./metrics.ts";
import { readJudgement } from "./verdict.ts";
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
  // pass@k, majority@k and the per-subject ones come from the reference's score function (metrics.ts).
  scores: {},
  computeMetrics,
  keyMetrics: ANSWER_KEY_METRICS,
  async verify(body, { env }) {
    const config = instanceConfig(env, UgPhysicsConfig);
    const echoed = { solution: body.solution, subject: body.subject ?? null };
    // The reference grades the output_text parts joined as they are, and shows that whole text to the judge.
    const reply = joinedOutputText(body.response.output);
    const library = libraryCheck(body.expected_answer, reply, config.library_budget);
    if (library.library_reward === 1 || !config.should_use_judge) {
      return { reward: library.library_reward, ...library, judge_evaluations: null, extracted_verdict: library.library_reward === 1 ? "TRUE" : "FALSE", ...echoed };
    }
    const judge = { ref: config.judge_model_server, settings: config, environment: "ugphysics_judge" };
    const answer = await askJudge(env, judge, {
      messages: promptFileMessages(config, config.judge_prompt_path, { problem: body.question, solution: body.solution, expected_answer: body.expected_answer, generation: reply }),
      read: readJudgement,
    });
    return { reward: answer.verdict === "TRUE" ? 1 : 0, ...library, judge_evaluations: [answer.evaluation], extracted_verdict: answer.verdict, ...echoed };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
