// Pairwise comparison by a generative reward model (NeMo Gym's genrm_compare): a task's responses
// are paired by the comparison strategy, the GenRM gives each pair a verdict (scores 1-5 for both,
// a ranking 1-6), and the verdicts become per-response rewards (aggregate.ts). /compare scores a
// cohort; `collect` calls it once a task's repeats are done. /verify alone cannot rank a response:
// it gives the neutral default_score, as the reference does for a cohort of one, or with
// num_rollouts_per_prompt > 1 waits for its cohort (cohort_verify.ts).
// A GenRM answer without a verdict is asked again, then read as neutral defaults (the reference's
// rule); a GenRM that cannot be reached fails the cohort (judge_failed), never a made-up reward.
import declaration, { GenrmCompareConfig } from "./declaration.ts";

export { CohortDO } from "../../../durable_objects/cohort_do.ts";
import { call } from "../../../shared/client/call.ts";
import { targetFor } from "../../../shared/client/targets.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { VerifierFailure } from "../../../shared/resources/failure.ts";
import type { CohortRequest, CohortResponse } from "../../../shared/schemas/cohort.ts";
import { HttpError } from "../../../shared/server/errors.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { JUDGE_FAILED } from "../../../shared/judge/call.ts";
import { aggregateComparisons } from "./aggregate.ts";
import type { Comparison } from "./aggregate.ts";
import { comparisonPairs } from "./pairs.ts";
import { answerShown, clipAnswer } from "./response_text.ts";
import { cohortReward } from "./cohort_verify.ts";
import { readVerdict } from "./verdict.ts";
import type { Verdict } from "./verdict.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

/** The GenRM's answer text: its messages' output_text. */
async function askGenrm(env: object, config: GenrmCompareConfig, params: Record<string, unknown>): Promise<string> {
  const hop = `${config.genrm_model_server.name}/v1/responses`;
  const target = targetFor(env, config.genrm_model_server);
  try {
    const result = await call(target, "/v1/responses", { body: params, deadlineMs: config.genrm_timeout_s * 1000 });
    if (result.status !== 200) throw new VerifierFailure(JUDGE_FAILED, `${hop} answered ${result.status}: ${result.text.slice(0, 300)}`);
    return answerShown(JSON.parse(result.text) as Record<string, unknown>);
  } catch (err) {
    if (err instanceof HttpError || err instanceof SyntaxError) throw new VerifierFailure(JUDGE_FAILED, `${hop}: ${err.message}`);
    throw err;
  }
}

async function verdictFor(env: object, config: GenrmCompareConfig, cohort: CohortRequest, first: Record<string, unknown>, second: Record<string, unknown>): Promise<Verdict> {
  const shown = (response: Record<string, unknown>) => clipAnswer(answerShown(response), config.genrm_max_answer_chars);
  const metadata: Record<string, string> = { response_1: shown(first), response_2: shown(second) };
  if (config.use_principle) metadata.principle = cohort.principle || config.default_principle;
  const params = {
    ...config.genrm_responses_create_params,
    input: cohort.conversation_history.map((m) => ({ role: m.role, content: m.content, type: "message" })),
    metadata,
  };
  const defaults = { score: config.default_score, ranking: config.default_ranking };
  for (let attempt = 0; attempt <= config.genrm_parse_retries; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, config.genrm_parse_retry_sleep_s * 1000));
    const verdict = readVerdict(await askGenrm(env, config, params), defaults);
    if (verdict) return verdict;
  }
  if (config.debug_logging) console.warn(`[genrm_compare] no verdict after ${config.genrm_parse_retries + 1} answers; using the defaults`);
  return { score_1: defaults.score, score_2: defaults.score, ranking: defaults.ranking };
}

async function compare(env: object, config: GenrmCompareConfig, cohort: CohortRequest): Promise<CohortResponse> {
  const responses = cohort.response_objs;
  if (responses.length < 2) return { rewards: [config.default_score], comparison_results: null, metrics: null };
  const asked: Promise<Comparison>[] = [];
  for (let judge = 0; judge < config.num_judges_per_comparison; judge++) {
    for (const [i, j] of comparisonPairs(config.comparison_strategy, responses.length)) {
      asked.push(verdictFor(env, config, cohort, responses[i]!, responses[j]!).then((v) => ({ response_i: i, response_j: j, judge_idx: judge, ...v })));
    }
  }
  const comparisons = await Promise.all(asked);
  const { rewards, metrics } = aggregateComparisons(comparisons, responses, config);
  if (config.debug_logging) console.log(`[genrm_compare] rewards ${rewards.map((r) => r.toFixed(4)).join(", ")}`);
  return { rewards, comparison_results: comparisons.map((c) => ({ ...c })), metrics };
}

/**
 * The backstop for a cohort whose scorer vanished mid-scoring: what asking the GenRM for a pair
 * can take at most (every ask at its deadline, pairs asked at once), and a minute to spare.
 */
const scoringDeadlineS = (config: GenrmCompareConfig) => (config.genrm_parse_retries + 1) * config.genrm_timeout_s + config.genrm_parse_retries * config.genrm_parse_retry_sleep_s + 60;

const server = defineResourcesServer({
  declaration,
  tools: {},
  verify(body, { env, caller }) {
    const config = instanceConfig(env, GenrmCompareConfig);
    const size = config.num_rollouts_per_prompt;
    if (size <= 1) return { reward: config.default_score };
    const hint = `num_rollouts_per_prompt of ${env.INSTANCE_NAME ?? "genrm_compare"} is ${size}: send ${size} rollouts of each prompt (num_repeats ${size}), or set num_rollouts_per_prompt to the number you send`;
    return cohortReward(env as unknown as Record<string, unknown>, body, caller, {
      size,
      terms: { gatherMs: config.cohort_timeout_s * 1000, scoreMs: scoringDeadlineS(config) * 1000, noticeMs: config.cohort_notice_s * 1000, hint },
      compare: (cohort) => compare(env, config, cohort),
    });
  },
  compare(body, { env }) {
    return compare(env, instanceConfig(env, GenrmCompareConfig), body);
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
