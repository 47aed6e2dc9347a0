// inverse_if: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { rubricJudgeReplies, RubricSettings } from "../../../shared/judge/rubric.ts";
import { JudgeCallSettings } from "../../../shared/judge/settings.ts";
import { templateFields } from "../../../shared/judge/template.ts";
import { ResourcesServerConfig, ServerRef } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";
import { DEFAULT_JUDGE_PROMPT_TEMPLATE, DEFAULT_JUDGE_SYSTEM_PROMPT } from "./judge_prompt.ts";

/** The fields a judge prompt template is filled with. */
export const PROMPT_FIELDS = ["prompt", "model_response", "standard_response", "criteria"] as const;

/** A judge prompt template that names only the fields this server fills (Python's format would raise on any other). */
const Template = z.string().refine((t) => templateFields(t).every((f) => (PROMPT_FIELDS as readonly string[]).includes(f)), {
  message: `a judge prompt template may only name ${PROMPT_FIELDS.map((f) => `{${f}}`).join(", ")}`,
});

export const InverseIfConfig = ResourcesServerConfig.safeExtend({
  judge_model_server: ServerRef,
  ...JudgeCallSettings,
  ...RubricSettings,
  /** For rows without a judge_prompt_template of their own. */
  default_judge_prompt_template: Template.default(DEFAULT_JUDGE_PROMPT_TEMPLATE),
  /** For rows without a judge_system_prompt of their own; empty: no system message. */
  default_judge_system_prompt: z.string().default(DEFAULT_JUDGE_SYSTEM_PROMPT),
});

/** One criterion the judge grades PASS or FAIL. No defaults here: the row is echoed as sent. */
export const Criterion = z.looseObject({ id: z.string().optional(), criteria: z.string().optional() });

/** The task fields of a row this server reads; prompt, reference_response and rubric may instead come from metadata. */
export const Task = z.object({
  uuid: z.union([z.string(), z.number()]).nullish(),
  task_id: z.int().nullish(),
  prompt: z.string().nullish(),
  rubric: z.array(Criterion).nullish(),
  reference_response: z.string().nullish(),
  judge_prompt_template: Template.nullish(),
  judge_system_prompt: z.string().nullish(),
  metadata: z.looseObject({ prompt: z.string().optional(), reference_response: z.string().optional(), rubric: z.array(Criterion).optional() }).nullish(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "single-turn instructions with intricate constraints, each row carrying its rubric of criteria, a `reference_response` and usually its own `judge_prompt_template` (`{prompt}`, `{model_response}`, `{standard_response}`, `{criteria}`; another field is a 400) and `judge_system_prompt` (else the config's `default_judge_prompt_template` / `default_judge_system_prompt`): a judge model (`judge_model_server`) grades each criterion at once (`parallel_evaluation`) on the final reply (`<think>` blocks removed), the verdict `{\"result\": \"PASS\"/\"FAIL\", \"explanation\"}` read as the reference reads it (first fenced JSON block, first JSON object with a result, else PASS/FAIL on one of the last five lines, else FAIL, counted in `num_unreadable_verdicts`); `prompt`, `reference_response` and `rubric` may come from `metadata`; `rubric_evaluations`, `num_passed`, `num_total`, `generated_response`; a judge failure marks the row `judge_failed`",
  reward: "`aggregation_mode` of the criteria's 0/1: mean (default), min, max, all, any, weighted (= mean: criteria carry no weights)",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, config: InverseIfConfig, stateful: false, references: ["judge_model_server"], recordedJudgeReplies: rubricJudgeReplies });
