// Open-ended answers graded pairwise against a fixed baseline (NeMo Gym's arena_judge, after
// arena-hard-auto): the judge is asked twice, with the candidate as assistant A and the baseline
// as B, and with the two swapped, using the prompt of the row's category. The reward is 1 when
// the first call prefers the candidate ([[A>B]] or [[A>>B]]); the swapped call is recorded for
// position-bias analysis. A reply without one clear verdict is an invalid call (scored as a
// loss, flagged invalid_*), as the reference scores it; a judge that cannot be reached is judge_failed.
import declaration, { ArenaJudgeConfig } from "./declaration.ts";
import { askJudgeAll, type JudgeMessage, type JudgeQuestion } from "../../../shared/judge/call.ts";
import { inlinedFile, promptText } from "../../../shared/judge/files.ts";
import { formatTemplate } from "../../../shared/judge/template.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { HttpError } from "../../../shared/server/errors.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { computeMetrics, keyMetrics } from "./metrics.ts";
import { joinedOutputText } from "../../../shared/verifiers/assistant_text.ts";
import { candidateWins, parseVerdict, type Verdict } from "./verdict.ts";

interface Prompt {
  system: string | undefined;
  user: string;
}

function promptOf(config: ArenaJudgeConfig, category: string): Prompt {
  const path = config.judge_prompt_paths[category]!;
  const file = inlinedFile(config, path);
  const system = typeof file === "object" && file !== null ? (file as Record<string, unknown>).system : undefined;
  return { system: typeof system === "string" ? system : undefined, user: promptText(file, "user", path) };
}

/** The row's category if a prompt exists for it, else default_category (which must have one). */
function categoryOf(config: ArenaJudgeConfig, asked: string | null | undefined): string {
  if (!Object.hasOwn(config.judge_prompt_paths, config.default_category)) {
    throw new HttpError(500, "misconfigured", `default_category ${JSON.stringify(config.default_category)} is not a key of judge_prompt_paths (${Object.keys(config.judge_prompt_paths).join(", ")})`);
  }
  return asked && Object.hasOwn(config.judge_prompt_paths, asked) ? asked : config.default_category;
}

/**
 * NULs dropped, as they break some judge endpoints. The reference also scrubs lone UTF-16
 * surrogates here; Edge Gym refuses a request holding one (400) before verify runs.
 */
const sanitizeGeneration = (text: string) => text.replaceAll("\0", "");

function question(prompt: Prompt, fill: Record<string, string>): JudgeQuestion<Verdict | null> {
  const messages: JudgeMessage[] = [];
  if (prompt.system !== undefined) messages.push({ role: "system", content: formatTemplate(prompt.system, fill) });
  messages.push({ role: "user", content: formatTemplate(prompt.user, fill) });
  // null (no clear verdict) is a scored outcome, not a failure: read never gives undefined.
  return { messages, read: parseVerdict };
}

/** The judge's reply exactly as it came (the call layer reads a trimmed copy). */
function replyOf(response: unknown, fallback: string): string {
  const content = (response as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message?.content;
  return typeof content === "string" ? content : fallback;
}

const server = defineResourcesServer({
  declaration,
  tools: {},
  // pass@k and majority@k of the verdict's outcomes, per category too, and Arena-Elo come from the reference's score function (metrics.ts).
  scores: {},
  computeMetrics,
  keyMetrics,
  async verify(body, { env }) {
    const config = instanceConfig(env, ArenaJudgeConfig);
    const category = categoryOf(config, body.category);
    const prompt = promptOf(config, category);
    const clean = config.sanitize_generations ? sanitizeGeneration : (text: string) => text;
    const candidate = clean(joinedOutputText(body.response.output));
    const baseline = clean(body.baseline_answer ?? "");
    const asked = body.question ?? "";
    const judge = {
      ref: config.judge_model_server,
      settings: { ...config, judge_responses_create_params: config.judge_chat_completions_create_params, use_chat_completions_for_judge: true },
      environment: "arena_judge",
    };
    const [genBase, baseGen] = await askJudgeAll(env, judge, [
      question(prompt, { question: asked, answer_1: candidate, answer_2: baseline }),
      question(prompt, { question: asked, answer_1: baseline, answer_2: candidate }),
    ]);
    return {
      reward: candidateWins(genBase!.verdict) ? 1 : 0,
      judgement_gen_base: replyOf(genBase!.evaluation.response, genBase!.text),
      judgement_base_gen: replyOf(baseGen!.evaluation.response, baseGen!.text),
      verdict_gen_base: genBase!.verdict,
      verdict_base_gen: baseGen!.verdict,
      category,
      invalid_gen_base: genBase!.verdict === null,
      invalid_base_gen: baseGen!.verdict === null,
    };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
