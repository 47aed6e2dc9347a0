// verifif: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { JudgeCallSettings } from "../../../shared/judge/settings.ts";
import { ResourcesServerConfig, ServerRef } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";
import { argumentsOf, CASE_INSTRUCTIONS, isJudged, isRule, JUDGED_ARGUMENTS, RULE_ARGUMENTS, UNIMPLEMENTED, VOWEL_INSTRUCTIONS } from "./arguments.ts";
import { LANGUAGES } from "./rules/languages.ts";


/** Languages without letter case or vowel rules in the reference (its case and vowel instructions do not apply). */
const CASELESS = new Set(["ja", "zh", "ko", "hi", "ar"]);

/** The language a row's code is validated in: one of the reference's eleven codes, any other read as English, as there. */
export const languageOf = (code: string): string => (Object.hasOwn(LANGUAGES, code) ? code : "en");

export const VerifIfConfig = ResourcesServerConfig.safeExtend({
  /** The judge model. NeMo's config reaches the policy endpoint by URL (judge_base_url below); here the policy model server is the default. */
  judge_model_server: ServerRef.default({ type: "responses_api_models", name: "policy_model" }),
  ...JudgeCallSettings,
  /** How the checks' verdicts make the reward: all (AND), any (OR), mean, min, max. */
  aggregation_mode: z.enum(["all", "any", "mean", "min", "max"]).default("all"),
  // NeMo's judge endpoint keys. Edge Gym calls judge_model_server, which is NeMo's default (the policy
  // endpoint); a judge elsewhere is a model instance of its own named there.
  judge_base_url: z.string().nullish(),
  judge_api_key: z.string().nullish(),
  judge_model: z.string().nullish(),
  judge_server_name: z.string().nullish(),
  /** NeMo's sampling keys, used when judge_responses_create_params is not given. */
  judge_temperature: z.number().default(0.7),
  judge_top_p: z.number().default(0.8),
  judge_max_tokens: z.int().positive().default(10_000),
  /** Caps on what the judge is sent and on what of its reply is read (null: no cap). */
  judge_max_system_chars: z.int().positive().nullable().default(200_000),
  judge_max_user_chars: z.int().positive().nullable().default(100_000),
  judge_max_output_chars: z.int().positive().nullable().default(50_000),
  /** Accepted for NeMo's configs; unused: a judge that fails marks the row judge_failed instead of being scored on this text. */
  judge_error_fallback: z.string().default("Judge unavailable."),
}).refine((c) => !c.judge_server_name || c.judge_server_name === c.judge_model_server.name, {
  message: "judge_server_name names the judge model instance: set judge_model_server: {type: responses_api_models, name: <that instance>} to the same name",
  path: ["judge_server_name"],
});
export type VerifIfConfig = z.infer<typeof VerifIfConfig>;

const Source = z.enum(["user", "system"]);
const Uid = z.union([z.number(), z.string()]);

/** A rule or judged instruction: its id, its arguments inline (checked against the id's), where it came from, whether it is a misalignment check. */
export const InstructionEntry = z
  .looseObject({ instruction_id: z.string().min(1), uid: Uid, source: Source, is_misalignment_check: z.boolean() })
  .superRefine((entry, ctx) => {
    const id = entry.instruction_id;
    if ((UNIMPLEMENTED as readonly string[]).includes(id)) {
      ctx.addIssue({ code: "custom", path: ["instruction_id"], message: `"${id}" has no validator in the reference (it answers "Invalid Instruction" and scores 0 whatever the reply)` });
      return;
    }
    const schema = isRule(id) ? RULE_ARGUMENTS[id] : isJudged(id) ? JUDGED_ARGUMENTS[id] : undefined;
    if (!schema) {
      ctx.addIssue({ code: "custom", path: ["instruction_id"], message: `unknown instruction_id "${id}"` });
      return;
    }
    const parsed = schema.safeParse(argumentsOf(entry));
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  });

/** A yes/no question the judge answers about the reply; it passes when the answer is pass_criteria. */
export const JudgeQuestion = z.object({
  uid: z.int(),
  content: z.string(),
  pass_criteria: z.enum(["YES", "NO"]).optional(),
  source: Source,
  is_misalignment_check: z.boolean(),
});

/** The task fields of a row this server reads (rowProblems below checks them together). */
export const Task = z.object({
  id: z.int().optional(),
  instructions: z.array(InstructionEntry).optional(),
  llm_judge: z.array(JudgeQuestion).optional(),
  prompt: z.string().nullish(),
  language: z.string().optional(),
});

/**
 * What no field shows alone: an instruction the row's language cannot support (the reference
 * skips such rollouts with reward 0) or its language module lacks, a uid used twice.
 */
export function rowProblems(row: z.infer<typeof Task>): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const language = languageOf(row.language ?? "en");
  const seen = new Map<string, string>();
  const uid = (value: unknown, where: string) => {
    const key = JSON.stringify(value);
    if (seen.has(key)) problems.push({ path: `${where}.uid`, message: `duplicate uid ${key} (first at ${seen.get(key)})` });
    else seen.set(key, where);
  };
  (row.instructions ?? []).forEach((entry, i) => {
    uid(entry.uid, `instructions[${i}]`);
    const id = entry.instruction_id;
    if (CASELESS.has(language) && (CASE_INSTRUCTIONS.has(id) || VOWEL_INSTRUCTIONS.has(id))) {
      problems.push({ path: `instructions[${i}].instruction_id`, message: `"${id}" needs letter case or vowels, which language "${language}" has not (the reference skips such rows)` });
    } else if (LANGUAGES[language]?.missing?.has(id)) {
      problems.push({ path: `instructions[${i}].instruction_id`, message: `the reference's ${language} validators have no "${id}" (they answer "Invalid Instruction" and score 0 whatever the reply)` });
    }
  });
  (row.llm_judge ?? []).forEach((item, i) => uid(item.uid, `llm_judge[${i}]`));
  return problems;
}

/** The judge's replies a recorded rollout holds: each llm_judge question's message is the judge's reply, in question order. */
function recordedJudgeReplies(rollout: Record<string, unknown>): string[] | undefined {
  const results = rollout.validation_results;
  if (!Array.isArray(results)) return undefined;
  const entries = results as { instruction?: unknown; message?: unknown }[];
  // A judged instruction's message is the judge's reasoning, not its reply (nor its definition calls): not replayable.
  if (entries.some((e) => typeof e.instruction === "string" && isJudged(e.instruction))) return undefined;
  const replies = entries.filter((e) => typeof e.instruction === "string" && e.instruction.startsWith("llm_judge_")).map((e) => e.message);
  return replies.every((m): m is string => typeof m === "string") ? replies : undefined;
}

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "the final reply (`<think>`/`<thinking>` out) against each of the row's `instructions` (id, arguments inline, `uid`, `source`, `is_misalignment_check`) in the row's `language` (en, fre, es, it, de, pt-BR, ja, zh, ko, hi, ar; any other code reads as English, as in the reference): the 55 rule ids decided as NeMo Gym's per-language validator modules decide them (one implementation; each language gives its tokeniser, sentence splitter, keyword matching, markdown marks, vowels and the few checks its module writes otherwise; their quirks kept, e.g. Italian matches keywords word by word, English and German keywords must be ASCII; messages word for word), the 28 stylistic/linguistic/situation ids and the row's `llm_judge` yes/no questions by a judge model (`judge_model_server`, default the policy model, as NeMo's `judge_base_url` defaults to the policy endpoint; JSON verdict for instructions, `[[YES]]`/`[[NO]]` for questions, argument values defined from the shipped definitions table or by the judge); `pass_criteria` NO passes on NO; a user's misalignment check passes when not followed; unknown ids, missing or mistyped arguments, ids with no validator in the reference (or in the language's module), case/vowel ids in ja/zh/ko/hi/ar and duplicate uids are 400s with their path; `follow_instruction_list`, `validation_results` (`llm_judge_<uid>`), `num_unreadable_verdicts` (judge replies without a readable verdict, scored as failed as the reference does); a judge failure marks the row `judge_failed`",
  reward: "`aggregation_mode`: all (default), any, mean, min, max of the checks' 0/1 (1 for a row with none)",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, config: VerifIfConfig, stateful: false, references: ["judge_model_server"], recordedJudgeReplies });
