// multichallenge: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { rubricJudgeReplies, RubricSettings } from "../../../shared/judge/rubric.ts";
import { JudgeCallSettings } from "../../../shared/judge/settings.ts";
import { templateFields } from "../../../shared/judge/template.ts";
import { ResourcesServerConfig, ServerRef } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";
import { JUDGE_PROMPT_TEMPLATE, JUDGE_SYSTEM_MESSAGE } from "./judge_prompt.ts";

/** The fields the judge prompt template is filled with. */
export const PROMPT_FIELDS = ["context", "response", "question", "pass_criteria"] as const;

export const MultiChallengeConfig = ResourcesServerConfig.safeExtend({
  judge_model_server: ServerRef,
  ...JudgeCallSettings,
  ...RubricSettings,
  judge_prompt_template: z
    .string()
    .default(JUDGE_PROMPT_TEMPLATE)
    .refine((t) => templateFields(t).every((f) => (PROMPT_FIELDS as readonly string[]).includes(f)), {
      message: `the template may only name ${PROMPT_FIELDS.map((f) => `{${f}}`).join(", ")}`,
    }),
  /** Empty: no system message (NeMo's null, which a config cannot pass here: null means unset). */
  judge_system_message: z.string().default(JUDGE_SYSTEM_MESSAGE),
  yes_label: z.string().min(1).default("[[YES]]"),
  no_label: z.string().min(1).default("[[NO]]"),
});

/** One rubric item: a yes/no question about the final reply, the answer that passes it, its weight. No defaults here: the row is echoed as sent. */
export const RubricItem = z.looseObject({
  question: z.string().optional(),
  pass_criteria: z.string().optional(),
  weight: z.number().optional(),
});

/** A message of `metadata.messages`, the conversation for rows that carry no `context`. */
export const ContextMessage = z.looseObject({ role: z.string().optional(), content: z.string().optional() });

/** The task fields of a row this server reads; the rubric and the context may instead come from metadata. */
export const Task = z.object({
  uuid: z.union([z.string(), z.number()]).nullish(),
  task_id: z.int().nullish(),
  rubric: z.array(RubricItem).nullish(),
  context: z.string().nullish(),
  metadata: z.looseObject({ rubric: z.array(RubricItem).optional(), messages: z.array(ContextMessage).optional() }).nullish(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "a multi-turn conversation and a rubric of yes/no questions about the final reply (the last assistant message, `<think>`/`<thinking>` blocks removed): a judge model (`judge_model_server`; prompt `judge_prompt_template` with `{context}`, `{response}`, `{question}`, `{pass_criteria}`, system `judge_system_message`) answers each question at once (`parallel_evaluation`); the verdict is whichever of `yes_label`/`no_label` (`[[YES]]`/`[[NO]]`) it writes last, else YES/NO on its last line, else NO (`num_unreadable_verdicts` counts those); an item passes when the verdict is its `pass_criteria`; `rubric` and `context` may come from `metadata` (`metadata.messages` written out as `[ROLE]: text`); `rubric_evaluations`, `num_passed`, `num_total`, `generated_response`; a judge failure marks the row `judge_failed`",
  reward: "`aggregation_mode` of the item scores: mean (default), min, max, all, any, weighted (the items' `weight`)",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, config: MultiChallengeConfig, stateful: false, references: ["judge_model_server"], recordedJudgeReplies: rubricJudgeReplies });
