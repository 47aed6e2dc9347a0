// Math answers with a Skills-style autograder behind the symbolic check (NeMo Gym's
// math_with_autograder, a math_with_judge whose judge grades one answer rather than comparing two).
// The reply's output text (every message's, joined as written) gives the final answer as
// Math-Verify finds it (shared/verifiers/math); when it does not equal expected_answer and the
// judge is on, the autograder is asked once (no swap) with the raw contents of the reply's last
// \boxed{} (else the extracted answer, else the whole reply) as the "model solution" and the
// expected answer as the "golden answer"; its first \boxed{Correct}/\boxed{Incorrect} decides
// (verdict.ts), a reply with neither scoring 0 as the reference scores it. A judge that fails or
// says nothing is judge_failed.
import declaration, { AutograderConfig } from "./declaration.ts";
import { MATH_JUDGE_SCORES } from "../../../shared/judge/math_settings.ts";
import { ANSWER_KEY_METRICS } from "../../../shared/metrics/key_metrics.ts";
import { readAutograde } from "./verdict.ts";
import { askJudge, type JudgeMessage } from "../../../shared/judge/call.ts";
import { inlinedFile, promptText } from "../../../shared/judge/files.ts";
import { formatTemplate } from "../../../shared/judge/template.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { joinedOutputText } from "../../../shared/verifiers/assistant_text.ts";
import { mathEquivalent } from "../../../shared/verifiers/math/equivalent.ts";
import { finalAnswer } from "../../../shared/verifiers/math/extract.ts";
import { normalizeAnswer } from "../../../shared/verifiers/math/normalize.ts";
import { searchBoxed } from "../../../shared/verifiers/search_boxed.ts";

/** The prompt file's messages, filled: its `system` first where it has one, then its `user`. */
function autograderMessages(config: AutograderConfig, values: Record<string, string>): JudgeMessage[] {
  const path = config.judge_prompt_path;
  const file = inlinedFile(config, path);
  const system = typeof file === "object" && file !== null ? (file as Record<string, unknown>).system : undefined;
  return [
    ...(system !== undefined && system !== null ? [{ role: "system" as const, content: formatTemplate(promptText(file, "system", path), values) }] : []),
    { role: "user", content: formatTemplate(promptText(file, "user", path), values) },
  ];
}

const server = defineResourcesServer({
  declaration,
  tools: {},
  answerKey: "extracted_answer",
  // As math_with_judge: the library's verdict, and the judge's where it was asked.
  scores: MATH_JUDGE_SCORES,
  keyMetrics: ANSWER_KEY_METRICS,
  async verify(body, { env }) {
    const config = instanceConfig(env, AutograderConfig);
    const reply = joinedOutputText(body.response.output);
    const answer = finalAnswer(reply);
    const found = answer !== undefined && answer.trim() !== "";
    const libraryReward = found && mathEquivalent(body.expected_answer, answer, { budget: config.library_budget }).equal ? 1 : 0;
    const library = { expected_answer: body.expected_answer, extracted_answer: found ? normalizeAnswer(answer) : null, library_reward: libraryReward };
    if (libraryReward === 1 || !config.should_use_judge) return { reward: libraryReward, ...library, judge_evaluations: null };

    // The answer as the model wrote it: the symbolic reader can mangle a set or a function into a fragment.
    const graded = searchBoxed(reply, { fbox: true }) || library.extracted_answer || reply;
    const judge = { ref: config.judge_model_server, settings: config, environment: "math_with_autograder" };
    const verdict = await askJudge(env, judge, {
      messages: autograderMessages(config, { problem: body.question, predicted_answer: graded, expected_answer: body.expected_answer }),
      read: readAutograde,
    });
    return { reward: verdict.verdict ? 1 : 0, ...library, judge_evaluations: [verdict.evaluation] };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
