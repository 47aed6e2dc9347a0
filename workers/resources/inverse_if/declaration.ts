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

export default resourcesServer({ task: Task, config: InverseIfConfig, stateful: false, references: ["judge_model_server"], recordedJudgeReplies: rubricJudgeReplies });
