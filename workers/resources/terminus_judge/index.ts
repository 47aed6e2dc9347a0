// Single-step terminal tasks (NeMo Gym's terminus_judge): the policy's reply is a JSON command
// batch in the row's harness format (terminus_1 or terminus_2), graded against the gold reply in
// expected_answer. It must parse, match the harness schema and say the task is complete where the
// gold does; then string similarity of the concatenated keystrokes at or over the threshold gives
// 1 with no judge call, and otherwise (or with string similarity off) an LLM judge decides, with
// a second, swapped question when check_twice_swap is on. A judge reply with no verdict label
// scores 0 (judge_parsing_failed), as in the reference; a judge that fails (unreachable, an error,
// past its deadline, an empty reply) is judge_failed. Every check's outcome is a verify field,
// null where it was not reached.
import declaration, { TerminusJudgeConfig } from "./declaration.ts";
import { HARNESSES, isHarness, taskCompleteAgrees } from "./harness.ts";
import { FAILURE, commandSimilarity } from "./outcomes.ts";
import { readVerdict } from "./verdict.ts";
import type { Verdict } from "./verdict.ts";
import { askJudge } from "../../../shared/judge/call.ts";
import type { JudgeEvaluation, JudgeMessage } from "../../../shared/judge/call.ts";
import { inlinedFile } from "../../../shared/judge/files.ts";
import { formatTemplate } from "../../../shared/judge/template.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import type { Item } from "../../../shared/schemas/responses.ts";
import { HttpError } from "../../../shared/server/errors.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";

type Reply = Record<string, unknown>;

/** The assistant messages' text, each message's parts in order, messages joined by newlines, trimmed. */
function generatedText(output: readonly Item[]): string {
  const texts: string[] = [];
  for (const item of output) {
    if (item.type !== "message" || item.role !== "assistant") continue;
    if (typeof item.content === "string") texts.push(item.content);
    else for (const part of item.content) if ("text" in part && typeof part.text === "string") texts.push(part.text);
  }
  return texts.join("\n").trim();
}

/**
 * The gold reply: expected_answer, else metadata.expected_answer. A non-string there is shown as
 * JSON, but is not read as a reply (the reference reads Python's str() of it, which never is one).
 */
function expectedAnswer(field: string | null | undefined, fromMetadata: unknown): { text: string; json: boolean } {
  if (field) return { text: field, json: true };
  if (fromMetadata === undefined || fromMetadata === null) return { text: "", json: false };
  return typeof fromMetadata === "string" ? { text: fromMetadata, json: true } : { text: JSON.stringify(fromMetadata), json: false };
}

/** A JSON object, or undefined for text that is not JSON or JSON that is not an object. */
function jsonObject(text: string): Reply | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Reply) : undefined;
  } catch {
    return undefined;
  }
}

interface Judged {
  verdict: Verdict;
  evaluation: JudgeEvaluation;
}

async function askEquivalence(env: object, config: TerminusJudgeConfig, expected: string, generated: string): Promise<Judged> {
  const path = config.judge_prompt_template_fpath;
  const file = inlinedFile(config, path);
  if (typeof file !== "string") throw new HttpError(500, "bad_prompt_file", `the judge prompt file ${path} must be a text file`);
  const messages: JudgeMessage[] = [
    ...(config.judge_system_message ? [{ role: "system" as const, content: config.judge_system_message }] : []),
    { role: "user", content: formatTemplate(file.trim(), { expected_answer: expected, generated_answer: generated }) },
  ];
  const judge = {
    ref: config.judge_model_server!,
    settings: { ...config, judge_responses_create_params: config.judge_responses_create_params ?? {}, judge_max_concurrency: config.judge_endpoint_max_concurrency ?? config.judge_max_concurrency },
    environment: "terminus_judge",
  };
  const labels = { equal: config.judge_equal_label, notEqual: config.judge_not_equal_label };
  const answer = await askJudge(env, judge, { messages, read: (text) => readVerdict(text, labels) });
  return { verdict: answer.verdict, evaluation: { ...answer.evaluation, verdict_label: answer.verdict.label } };
}

const server = defineResourcesServer({
  declaration,
  tools: {},
  async verify(body, { env }) {
    const config = instanceConfig(env, TerminusJudgeConfig);
    const fields = {
      reward: 0,
      uuid: body.uuid ?? null,
      expected_answer: "",
      model_output: "",
      parsed_output: null as Reply | null,
      similarity_score: null as number | null,
      schema_check_passed: null as boolean | null,
      task_complete_check_passed: null as boolean | null,
      string_similarity_passed: null as boolean | null,
      judge_passed: null as boolean | null,
      failure_reason: FAILURE.none as string,
      judge_evaluations: [] as JudgeEvaluation[],
      metadata: body.metadata ?? null,
      threshold: body.threshold ?? null,
    };
    const fail = (reason: string) => ({ ...fields, failure_reason: reason });

    const expected = expectedAnswer(body.expected_answer, body.metadata?.expected_answer);
    if (!expected.text) return fail(FAILURE.expectedAnswerInvalid);
    fields.expected_answer = expected.text;

    const generated = generatedText(body.response.output);
    if (!generated) return fail(FAILURE.modelOutputInvalid);
    const text = generated.includes("</think>") ? generated.split("</think>").at(-1)!.trim() : generated;
    fields.model_output = text;
    const gold = expected.json ? jsonObject(expected.text) : undefined;
    if (!gold) return fail(FAILURE.expectedAnswerInvalid);
    const pred = jsonObject(text);
    if (!pred) return fail(FAILURE.modelOutputInvalid);
    fields.parsed_output = pred;

    const harness = body.metadata?.harness;
    if (!isHarness(harness)) return fail(FAILURE.unknownHarness);
    const schema = HARNESSES[harness];
    if (!schema.safeParse(gold).success) return fail(FAILURE.expectedAnswerInvalid);
    fields.schema_check_passed = schema.safeParse(pred).success;
    if (!fields.schema_check_passed) return fail(FAILURE.schemaCheckFailed);
    fields.task_complete_check_passed = taskCompleteAgrees(pred, gold);
    if (!fields.task_complete_check_passed) return fail(FAILURE.taskCompleteCheckFailed);

    const needJudge = config.enable_llm_judge;
    if (config.enable_string_similarity) {
      fields.similarity_score = commandSimilarity(gold, pred);
      fields.string_similarity_passed = fields.similarity_score >= (body.threshold ?? config.string_similarity_threshold);
      if (fields.string_similarity_passed) return { ...fields, reward: 1 };
      if (!needJudge) return fail(FAILURE.stringSimilarityBelowThreshold);
    }
    // Both checks off: the schema and task-complete checks alone decide.
    if (!needJudge) return { ...fields, reward: 1 };

    const first = await askEquivalence(env, config, expected.text, text);
    fields.judge_evaluations.push(first.evaluation);
    if (first.verdict.label === null) return fail(FAILURE.judgeParsingFailed);
    if (!first.verdict.equal) return { ...fail(FAILURE.judgeNotEquivalent), judge_passed: false };
    if (!config.check_twice_swap) return { ...fields, judge_passed: true, reward: 1 };
    const swapped = await askEquivalence(env, config, text, expected.text);
    fields.judge_evaluations.push(swapped.evaluation);
    if (swapped.verdict.label === null) return fail(FAILURE.judgeSwapParsingFailed);
    if (!swapped.verdict.equal) return { ...fail(FAILURE.judgeNotEquivalent), judge_passed: false, reward: config.reward_if_swap_fails };
    return { ...fields, judge_passed: true, reward: 1 };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
