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

export default resourcesServer({ task: Task, config: Spider2LiteConfig, stateful: false, retiredDurableObjects: ["SqlDatabaseDO"], databases: { key: "spider2_lite_dir", bundled: BUNDLED_DATABASES } });
