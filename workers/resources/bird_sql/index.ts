// BIRD text-to-SQL, graded by execution (NeMo Gym's bird_sql): the SQL in the reply's last ```sql
// block and the row's gt_sql both run on the row's database, and the reply is right when the two
// result sets are equal as sets of rows (BIRD's rule: row order and duplicates aside, column
// order counts). Reward 1 or 0; a gold query that fails or times out, or a sandbox that cannot run
// a query, gives no reward at all (`_ng_failure_class`).
import declaration, { BirdSqlConfig } from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { SqlCatalog } from "../../../shared/sql/catalog.ts";
import { goldRows, grade, openDatabase } from "../../../shared/sql/grade.ts";
import { sameRowSet } from "../../../shared/sql/set_equality.ts";
import { assistantText } from "../../../shared/verifiers/assistant_text.ts";
import { extractSql, hasSqlCodeblock } from "./extract.ts";
import { computeMetrics, keyMetrics } from "./metrics.ts";
import retailOrders from "./data/databases/retail_orders.sql" with { type: "text" };
import schoolScores from "./data/databases/school_scores.sql" with { type: "text" };
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

const DATABASES = new SqlCatalog({ retail_orders: retailOrders, school_scores: schoolScores });

const server = defineResourcesServer({
  declaration,
  tools: {},
  // pass@k, majority@k and the per-difficulty ones come from the reference's score function (metrics.ts).
  scores: {},
  computeMetrics,
  keyMetrics,
  async verify(body, { env }) {
    const modelOutput = assistantText(body.response.output);
    const extracted = extractSql(modelOutput);
    const hadCodeblock = hasSqlCodeblock(modelOutput);
    const fields = { model_output: modelOutput, extracted_sql: extracted, had_codeblock: hadCodeblock, difficulty: body.difficulty ?? null, id: body.id ?? null };
    const config = instanceConfig(env, BirdSqlConfig);
    const database = openDatabase(DATABASES, env, body.db_id, config, { key: "bird_sql_dir", value: config.bird_sql_dir });
    // The reference runs its "SELECT 1" filler, which scores whenever the gold answer is a single 1.
    if (!hadCodeblock) return { reward: 0, ...fields, execution_match: false, failure_reason: "no_sql_extracted", sql_error: null };
    const gold = await goldRows(database, body.gt_sql);
    const graded = await grade(database, extracted, (rows) => sameRowSet(gold, rows));
    return { reward: graded.execution_match ? 1 : 0, ...fields, ...graded };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
