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

export default resourcesServer({ task: Task, config: TextToSqlConfig, stateful: false, references: ["judge_model_server"], recordedJudgeReplies: judgeEvaluationTexts });
