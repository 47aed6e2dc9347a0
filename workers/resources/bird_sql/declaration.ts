// bird_sql: a resources server, stateless: every query (the model's and the gold) runs in the sandbox
// its config names, on a database built from the script this Worker ships, or a real one
// from the folder its config names (shared/sql/folders.ts). Its databases were
// once Durable Objects (SqlDatabaseDO): a deploy deletes that class from a Worker that had it.
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";
import { DatabaseIdSchema } from "../../../shared/sandbox/schema.ts";
import { folderKey } from "../../../shared/sql/folders.ts";
import { SqlSettings } from "../../../shared/sql/settings.ts";
import { z } from "../../../shared/zod.ts";

export const BirdSqlConfig = ResourcesServerConfig.safeExtend({
  ...SqlSettings,
  /** A folder of BIRD's SQLite databases, NeMo Gym's key and layout (shared/sql/folders.ts): `edge-gym databases import` fills it. */
  bird_sql_dir: folderKey(),
});

/** The databases this Worker ships (data/databases/<db_id>.sql); the rest come from bird_sql_dir. */
export const BUNDLED_DATABASES = ["retail_orders", "school_scores"];

/** The task fields of a row this server reads (BIRD's, as NeMo Gym's rows carry them). */
export const Task = z.object({
  question: z.string(),
  gt_sql: z.string(),
  /** One of this server's databases: bundled (data/databases/<db_id>.sql), or in the folder bird_sql_dir names. */
  db_id: DatabaseIdSchema,
  difficulty: z.string().nullish(),
  id: z.int().nullish(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "text-to-SQL graded by execution, as NeMo Gym's bird_sql: the reply's last ```` ```sql ```` block (`extracted_sql`, read the reference's way; `had_codeblock`) and the row's `gt_sql` run in the sandbox (`sandbox_url`) on the row's database (`db_id`), and the two results must be equal as sets of rows (order and duplicates aside, column order counts); `execution_match`, `failure_reason`, `sql_error` (below)",
  reward: "0/1 (pass@k per difficulty beside, `<difficulty>/pass@k/accuracy`)",
  answerKey: "`extracted_sql`",
};

export default resourcesServer({ catalogue, task: Task, config: BirdSqlConfig, stateful: false, retiredDurableObjects: ["SqlDatabaseDO"], databases: { key: "bird_sql_dir", bundled: BUNDLED_DATABASES } });
