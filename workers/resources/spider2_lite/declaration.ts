// spider2_lite: a resources server, stateless: every query (the model's and the gold) runs in the sandbox
// its config names, on a database built from the script this Worker ships, or a real one
// from the folder its config names (shared/sql/folders.ts). Its databases were once
// Durable Objects (SqlDatabaseDO): a deploy deletes that class from a Worker that had it.
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";
import { DatabaseIdSchema } from "../../../shared/sandbox/schema.ts";
import { folderKey } from "../../../shared/sql/folders.ts";
import { SqlSettings } from "../../../shared/sql/settings.ts";
import { z } from "../../../shared/zod.ts";

export const Spider2LiteConfig = ResourcesServerConfig.safeExtend({
  ...SqlSettings,
  /** A folder of Spider 2.0-Lite's SQLite databases, NeMo Gym's key and layout (shared/sql/folders.ts): `edge-gym databases import` fills it. */
  spider2_lite_dir: folderKey(),
});

/** The databases this Worker ships (data/databases/<db_id>.sql); the rest come from spider2_lite_dir. */
export const BUNDLED_DATABASES = ["film_rental"];

/** The task fields of a row this server reads (Spider 2.0-Lite's, as NeMo Gym's rows carry them). */
export const Task = z.object({
  uuid: z.union([z.string(), z.number()]).nullish(),
  instance_id: z.string().nullish(),
  /** One of this server's databases: bundled (data/databases/<db_id>.sql), or in the folder spider2_lite_dir names. */
  db_id: DatabaseIdSchema,
  question: z.string(),
  /** The gold query; or, without one, `gold_result`. */
  gold_sql: z.string().nullish(),
  /** Acceptable gold results, each a list of rows. */
  gold_result: z.array(z.array(z.array(z.unknown()))).nullish(),
  ignore_order: z.boolean().default(true),
  /** Gold columns that must match (the rest may differ): one list, or one per gold result. */
  condition_cols: z.array(z.union([z.int(), z.array(z.int())])).nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "text-to-SQL graded by execution, as NeMo Gym's spider2_lite: the SQL read from the reply (a ```` ```sql ```` block, else a plain block starting with a SQL verb, else the raw text from one) runs in the sandbox (`sandbox_url`) on the row's database and its result is compared with the row's `gold_sql` result (or its `gold_result` sets) column by column, as Spider 2.0's evaluator does (every gold column, or those in `condition_cols`, equals some result column; numbers within 0.01; `ignore_order`); `execution_match`, `failure_reason`, `sql_error` (below)",
  reward: "0/1",
  answerKey: "`extracted_sql`",
};

export default resourcesServer({ catalogue, task: Task, config: Spider2LiteConfig, stateful: false, retiredDurableObjects: ["SqlDatabaseDO"], databases: { key: "spider2_lite_dir", bundled: BUNDLED_DATABASES } });
