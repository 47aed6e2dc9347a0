// FrontierScience answers graded by one judge call (NeMo Gym's frontierscience_judge). The reply is
// the last assistant message without its reasoning (a reply that opened a <think> block and never
// closed it was cut off mid-thought: no answer). The judge sees the question, the expected answer
// (or the row's rubric) and that reply, filled into the configured prompt. Olympiad mode: reward 1
// only for a last "Judgement: YES". Research mode: the judge's rubric score, scaled onto
// rubric_max_score, passes at rubric_pass_score_threshold; a reply with no score falls back to its
// Judgement and is flagged invalid_judge_response. A reply without a verdict scores 0 (verdict
// null), as the reference scores it; a judge that fails or says nothing is judge_failed.
import declaration, { FrontierScienceConfig } from "./declaration.ts";
import { ANSWER_KEY_METRICS } from "../../../shared/metrics/key_metrics.ts";
import { withoutThinking } from "../../../shared/verifiers/thinking.ts";
import { parseJudgement, parseRubricScore, type Judgement } from "./verdict.ts";
import { askJudge } from "../../../shared/judge/call.ts";
import { inlinedFile, promptText } from "../../../shared/judge/files.ts";
import { lastReplyText } from "../../../shared/judge/graded_letters.ts";
import { formatTemplate } from "../../../shared/judge/template.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";

/** The reply to grade: "" when the model opened its reasoning and never closed it. */
function generationOf(raw: string): string {
  const opened = raw.includes("<think>") || raw.includes("<thinking>");
  const closed = raw.includes("</think>") || raw.includes("</thinking>");
  return opened && !closed ? "" : withoutThinking(raw);
}

/**
 * What NeMo sends a chat-completions judge: max_tokens (2048 unless configured) and, in olympiad
 * mode, greedy sampling unless the config says otherwise. The Responses API gets the config as it is.
 */
function chatParams(config: FrontierScienceConfig): Record<string, unknown> | undefined {
  if (!config.use_chat_completions_for_judge) return undefined;
  const params = config.judge_responses_create_params as Record<string, unknown>;
  const olympiad = config.judge_mode === "olympiad";
  const temperature = params.temperature ?? (olympiad ? 0 : undefined);
  const top_p = params.top_p ?? (olympiad ? 1 : undefined);
  return {
    max_output_tokens: params.max_output_tokens || 2048,
    ...(temperature !== undefined && temperature !== null ? { temperature } : {}),
    ...(top_p !== undefined && top_p !== null ? { top_p } : {}),
  };
}

/** The judge's text as NeMo reads it: over the Responses API, without its reasoning. */
const judgeText = (text: string, config: FrontierScienceConfig) => (config.use_chat_completions_for_judge ? text : withoutThinking(text));

interface Read {
  judged: string;
  verdict: Judgement | null;
  score: number | null;
}

const server = defineResourcesServer({
  declaration,
  tools: {},
  answerKey: "extracted_answer",
  scores: { accuracy: { field: "reward" }, rubric_score: { field: "rubric_score_normalized" } },
  // NeMo Gym's per-subject pass@k (NeMo Skills' subset_for_metrics), from the row's echoed subject.
  subsets: ["subject"],
  keyMetrics: ANSWER_KEY_METRICS,
  async verify(body, { env }) {
    const config = instanceConfig(env, FrontierScienceConfig);
    const generation = generationOf(lastReplyText(body.response.output));
    const expected = body.expected_answer ?? "";
    const template = promptText(inlinedFile(config, config.judge_prompt_path), "user", config.judge_prompt_path);
    const prompt = formatTemplate(template, {
      question: body.question ?? "",
      expected_answer: expected,
      rubric: body.rubric || expected,
      generation,
    });
    const research = config.judge_mode === "research";
    const params = chatParams(config);
    const answer = await askJudge<Read>(env, { ref: config.judge_model_server, settings: config, environment: "frontierscience_judge" }, {
      messages: [{ role: "user", content: prompt }],
      // Never undefined: the reference scores a reply without a verdict, it does not fail it.
      read: (text) => {
        const judged = judgeText(text, config);
        return { judged, verdict: parseJudgement(judged), score: research ? parseRubricScore(judged, config.rubric_max_score) : null };
      },
      ...(params ? { params } : {}),
    });
    const { judged, score } = answer.verdict;
    let verdict = answer.verdict.verdict;
    let reward = verdict === "YES" ? 1 : 0;
    let normalized: number | null = null;
    if (research && score !== null) {
      normalized = Math.max(0, Math.min(score, config.rubric_max_score)) / config.rubric_max_score;
      reward = score >= config.rubric_pass_score_threshold ? 1 : 0;
      verdict ??= reward ? "YES" : "NO";
    }
    return {
      reward,
      extracted_answer: generation || null,
      expected_answer: expected,
      verdict,
      judge_output: judged,
      rubric_score: score,
      rubric_score_normalized: normalized,
      invalid_judge_response: research && score === null,
    };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
