// terminus_judge: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { InlinedFiles } from "../../../shared/judge/files.ts";
import { JudgeCallSettings } from "../../../shared/judge/settings.ts";
import { ResourcesServerConfig, ServerRef } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";

/** NeMo Gym's fields, with its defaults. */
export const TerminusJudgeConfig = ResourcesServerConfig.safeExtend({
  ...JudgeCallSettings,
  judge_model_server: ServerRef.nullish(),
  /** Required with the LLM judge, as in the reference (its `input` is the prompt's). */
  judge_responses_create_params: z.looseObject({}).nullish(),
  /** NeMo's name for calls in flight at once to the judge (unset: 64). */
  judge_endpoint_max_concurrency: z.int().min(1).nullish(),
  judge_system_message: z.string().nullish(),
  judge_prompt_template_fpath: z.string().default("prompt_templates/terminus_prompt.txt"),
  judge_equal_label: z.string().min(1).default("[[A=B]]"),
  judge_not_equal_label: z.string().min(1).default("[[A!=B]]"),
  /** Ask again with the two replies swapped when the judge says equal; both must say so. */
  check_twice_swap: z.boolean().default(false),
  reward_if_swap_fails: z.number().default(0),
  enable_string_similarity: z.boolean().default(false),
  string_similarity_threshold: z.number().default(0.95),
  enable_llm_judge: z.boolean().default(true),
  ...InlinedFiles,
})
  .refine((c) => !c.enable_llm_judge || c.judge_model_server, { message: "judge_model_server is required when enable_llm_judge is true", path: ["judge_model_server"] })
  .refine((c) => !c.enable_llm_judge || c.judge_responses_create_params, { message: "judge_responses_create_params is required when enable_llm_judge is true", path: ["judge_responses_create_params"] });
export type TerminusJudgeConfig = z.infer<typeof TerminusJudgeConfig>;

/** The task fields of a row this server reads; others pass through. */
export const Task = z.object({
  uuid: z.union([z.string(), z.int()]).nullish(),
  /** The gold reply, JSON text; else metadata.expected_answer. */
  expected_answer: z.string().nullish(),
  /** `harness` (terminus_1 or terminus_2) names the reply format. */
  metadata: z.record(z.string(), z.unknown()).nullish(),
  /** This row's string similarity threshold, over the config's. */
  threshold: z.number().nullish(),
});

/** The judge's text in a recorded judge evaluation: its last output's last content part, as the reference reads it. */
function recordedText(evaluation: unknown): string | undefined {
  const output = (evaluation as { response?: { output?: unknown } } | null)?.response?.output;
  const last = Array.isArray(output) ? (output.at(-1) as { type?: unknown; content?: unknown } | undefined) : undefined;
  if (last?.type !== "message" || !Array.isArray(last.content)) return undefined;
  const text = (last.content.at(-1) as { text?: unknown } | undefined)?.text;
  return typeof text === "string" ? text : undefined;
}

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "single-step terminal tasks, as NeMo Gym's terminus_judge (instances `terminus_judge_resources_server`, `terminus_judge_simple_agent`): the assistant text (after `</think>`) must be a JSON object matching the row's `metadata.harness` schema (`terminus_1` or `terminus_2`, no extra fields), as must the gold reply `expected_answer` (else `metadata.expected_answer`), and say the task is complete where the gold does; then, with `enable_string_similarity`, difflib's SequenceMatcher ratio of the concatenated keystrokes (`similarity_score`) at or over the row's `threshold` or `string_similarity_threshold` gives 1 with no judge call; otherwise, with `enable_llm_judge`, a judge (`judge_model_server`, `judge_responses_create_params`, prompt file `judge_prompt_template_fpath` with `{expected_answer}` `{generated_answer}`, optional `judge_system_message`) decides by `judge_equal_label` / `judge_not_equal_label` (the later one in the reply's last 200 characters, else the first in the whole reply), asked again with the replies swapped under `check_twice_swap` (`reward_if_swap_fails` when the swap disagrees); a reply with no label scores 0 (`judge_parsing_failed` / `judge_swap_parsing_failed`), not failed; `model_output`, `parsed_output`, `schema_check_passed`, `task_complete_check_passed`, `string_similarity_passed`, `judge_passed` (null where not reached), `failure_reason` (NeMo's codes), `judge_evaluations` (with `verdict_label`), `threshold`; a judge failure or an empty judge reply marks the row `judge_failed`",
  reward: "0/1 (`reward_if_swap_fails` on a failed swap)",
  answerKey: "none",
};

export default resourcesServer({
  catalogue,
  task: Task,
  config: TerminusJudgeConfig,
  stateful: false,
  references: ["judge_model_server"],
  promptFiles: ["judge_prompt_template_fpath"],
  recordedJudgeReplies(rollout) {
    const evaluations = rollout.judge_evaluations;
    // An empty list is a row the judge was not asked about: comparable with no replies.
    if (!Array.isArray(evaluations)) return undefined;
    const texts = evaluations.map(recordedText);
    return texts.every((t): t is string => t !== undefined) ? texts : undefined;
  },
});
