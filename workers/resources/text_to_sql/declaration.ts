// text_to_sql: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { judgeEvaluationTexts } from "../../../shared/judge/recorded.ts";
import { JudgeCallSettings } from "../../../shared/judge/settings.ts";
import { ResourcesServerConfig, ServerRef } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";
import { SQL_JUDGE_SYSTEM_MESSAGE } from "./prompts.ts";

export const TextToSqlConfig = ResourcesServerConfig.safeExtend({
  judge_model_server: ServerRef,
  ...JudgeCallSettings,
  /** NeMo's name for the cap on judge calls in flight; null lifts it. */
  judge_endpoint_max_concurrency: z.int().min(1).nullable().default(64),
  judge_system_message: z.string().default(SQL_JUDGE_SYSTEM_MESSAGE),
  judge_equal_label: z.string().min(1).default("[[A=B]]"),
  judge_not_equal_label: z.string().min(1).default("[[A!=B]]"),
  /** Ask again with the two queries swapped when the judge says equal; both must say so. */
  check_twice_swap: z.boolean().default(true),
  /** The reward when the first verdict says equal and the swapped one does not. */
  reward_if_swap_fails: z.number().default(0),
});

export const DIALECTS = ["mysql", "postgresql", "sqlite"] as const;
const ALIASES: Readonly<Record<string, string>> = { postgres: "postgresql", pg: "postgresql", sqlite3: "sqlite" };
const dialect = (name: string) => {
  const lower = name.trim().toLowerCase();
  return ALIASES[lower] ?? lower;
};

/** The task fields of a row this server reads. */
export const Task = z.object({
  uuid: z.union([z.string(), z.number()]).nullish(),
  /** The reference query. */
  sql: z.string(),
  sql_dialect: z.string().transform(dialect).pipe(z.enum(DIALECTS)),
  /** The schema (CREATE TABLE and INSERT statements). */
  sql_context: z.string().default(""),
  sql_prompt: z.string(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "(NeMo's instance names: `text_to_sql_resources_server`, `text_to_sql_simple_agent`) the SQL read out of the reply as the reference reads it (last ```sql block, else the last plain block starting with a SQL verb, else raw SQL from the first verb to the last `;`); a judge model (`judge_model_server`, `judge_system_message`) compares it with the row's `sql` for its `sql_dialect` (mysql, postgresql, sqlite; aliases postgres, pg, sqlite3; others are a 400), seeing `sql_context` and `sql_prompt`, and, when it says `judge_equal_label`, again with the two swapped (`check_twice_swap`); of the two labels the one written first counts, a reply with neither is not equal (`verdict_label` null, a score); `model_output`, `extracted_sql`, `judge_passed`, `failure_reason` (none, no_sql_extracted, judge_evaluation_failed), `judge_evaluations` (each with `verdict_label`), `metadata`; nothing is executed; a judge failure or an empty judge reply marks the row `judge_failed`",
  reward: "0/1 (`reward_if_swap_fails` when only the swapped verdict disagrees)",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, config: TextToSqlConfig, stateful: false, references: ["judge_model_server"], recordedJudgeReplies: judgeEvaluationTexts });
