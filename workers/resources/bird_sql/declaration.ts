// bird_sql: a resources server, stateless: every query (the model's and the gold) runs in the sandbox
// its config names, on a database built from the script this Worker ships. Its databases were
// once Durable Objects (SqlDatabaseDO): a deploy deletes that class from a Worker that had it.
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";
import { SqlSettings } from "../../../shared/sql/settings.ts";
import { z } from "../../../shared/zod.ts";

export const BirdSqlConfig = ResourcesServerConfig.safeExtend(SqlSettings);

/** The task fields of a row this server reads (BIRD's, as NeMo Gym's rows carry them). */
export const Task = z.object({
  question: z.string(),
  gt_sql: z.string(),
  /** One of this server's databases (data/databases/<db_id>.sql). */
  db_id: z.string(),
  difficulty: z.string().nullish(),
  id: z.int().nullish(),
});

export default resourcesServer({ task: Task, config: BirdSqlConfig, stateful: false, retiredDurableObjects: ["SqlDatabaseDO"] });
