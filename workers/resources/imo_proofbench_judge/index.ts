// IMO-style proofs graded by a judge against the reference solution and the problem's grading
// guidelines (NeMo Gym's imo_proofbench_judge, after NeMo Skills' imo-proofbench). The answer is
// the contents of the last \boxed{} of the reply without its reasoning. No boxed answer: reward 0
// with the reference's stand-in verdict, no judge asked. A boxed answer that states the expected
// answer (symbolic.ts): reward 1, no judge asked. Otherwise the judge grades it on the 0-7 scale
// and the verdict is read as verdict.ts says (a proof passes at 6 points); a reply in none of the
// formats scores 0 with no_judge_score 1, as the reference scores it. A judge that fails or says
// nothing is judge_failed.
import declaration, { ImoProofBenchConfig } from "./declaration.ts";
import { ANSWER_KEY_METRICS } from "../../../shared/metrics/key_metrics.ts";
import { withoutThinking } from "../../../shared/verifiers/thinking.ts";
import { symbolicallyEqual } from "./symbolic.ts";
import { parsePoints, parseVerdict } from "./verdict.ts";
import { askJudge } from "../../../shared/judge/call.ts";
import { inlinedFile, promptText } from "../../../shared/judge/files.ts";
import { lastReplyText } from "../../../shared/judge/graded_letters.ts";
import { formatTemplate } from "../../../shared/judge/template.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { searchBoxed } from "../../../shared/verifiers/search_boxed.ts";
import { computeMetrics } from "./metrics.ts";

// NeMo Skills' stand-in judge replies where no judge is asked.
const NO_ANSWER = "Reasoning: No answer was provided.\nJudgement: No";
const IDENTICAL = "Reasoning: The two answers are identical.\nJudgement: Yes";

/** What NeMo sends a chat-completions judge: max_tokens, temperature and top_p only, defaulting (Python's `or`) to 4096, 0, 1. */
function chatParams(config: ImoProofBenchConfig): Record<string, unknown> | undefined {
  if (!config.use_chat_completions_for_judge) return undefined;
  const params = config.judge_responses_create_params as Record<string, unknown>;
  return { max_output_tokens: params.max_output_tokens || 4096, temperature: params.temperature || 0, top_p: params.top_p || 1 };
}

const unjudged = (reward: number, extracted: string, judgeOutput: string) => ({
  reward,
  extracted_answer: extracted,
  judge_output: judgeOutput,
  judge_points: null,
  judge_correct: reward,
  symbolic_correct: reward,
  any_correct: reward,
  no_judge_score: 0,
});

const server = defineResourcesServer({
  declaration,
  tools: {},
  // pass@k and majority@k over NeMo's score function, overall and per category and level, come from computeMetrics.
  scores: {},
  computeMetrics,
  keyMetrics: ANSWER_KEY_METRICS,
  async verify(body, { env }) {
    const config = instanceConfig(env, ImoProofBenchConfig);
    const reply = withoutThinking(lastReplyText(body.response.output));
    const extracted = searchBoxed(reply);
    if (!extracted) return unjudged(0, "", NO_ANSWER);
    if (symbolicallyEqual(body.expected_answer ?? "", extracted)) return unjudged(1, extracted, IDENTICAL);

    const template = promptText(inlinedFile(config, config.judge_prompt_path), "user", config.judge_prompt_path);
    const prompt = formatTemplate(template, {
      problem: body.problem ?? "",
      reference_solution: body.reference_solution ?? "",
      rubric: body.rubric ?? "",
      predicted_answer: extracted,
    });
    const params = chatParams(config);
    const answer = await askJudge(env, { ref: config.judge_model_server, settings: config, environment: "imo_proofbench_judge" }, {
      messages: [{ role: "user", content: prompt }],
      // Never undefined: a reply in none of the formats is scored (no_judge_score), not failed.
      read: (text) => {
        // Over the Responses API NeMo reads the judge's text without its reasoning.
        const judged = config.use_chat_completions_for_judge ? text : withoutThinking(text);
        return { judged, passed: parseVerdict(judged), points: parsePoints(judged) };
      },
      ...(params ? { params } : {}),
    });
    const { judged, passed, points } = answer.verdict;
    const correct = passed === true ? 1 : 0;
    return {
      reward: correct,
      extracted_answer: extracted,
      judge_output: judged,
      judge_points: points,
      judge_correct: correct,
      symbolic_correct: 0,
      any_correct: correct,
      no_judge_score: passed === null ? 1 : 0,
    };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
