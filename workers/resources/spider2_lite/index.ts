// Spider 2.0-Lite text-to-SQL, graded by execution (NeMo Gym's spider2_lite): the SQL read from the
// reply runs on the row's database, and its result is compared with the gold's (the row's
// gold_sql, run on the same database, or its precomputed gold_result) column by column, as
// Spider 2.0's evaluator does. Reward 1 or 0; a gold query that fails or times out, or a sandbox
// that cannot run a query, gives no reward at all (`_ng_failure_class`).
import declaration, { Spider2LiteConfig } from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { invalidRequest } from "../../../shared/server/errors.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { SqlCatalog } from "../../../shared/sql/catalog.ts";
import { anyColumnsMatch } from "../../../shared/sql/column_vectors.ts";
import { goldRows, grade, openDatabase } from "../../../shared/sql/grade.ts";
import { assistantText } from "../../../shared/verifiers/assistant_text.ts";
import { extractSql } from "../../../shared/sql/extract.ts";
import filmRental from "./data/databases/film_rental.sql" with { type: "text" };
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

const DATABASES = new SqlCatalog({ film_rental: filmRental });

const server = defineResourcesServer({
  declaration,
  tools: {},
  answerKey: "extracted_sql",
  async verify(body, { env }) {
    // As the reference: a non-empty gold_sql first, else gold_result.
    if (!body.gold_sql && !body.gold_result?.length) throw invalidRequest([{ path: "gold_sql", message: "a row needs gold_sql or gold_result" }]);
    const modelOutput = assistantText(body.response.output);
    const extracted = extractSql(modelOutput);
    const fields = { uuid: body.uuid ?? null, instance_id: body.instance_id ?? null, metadata: body.metadata ?? null, gold_sql: body.gold_sql ?? null, model_output: modelOutput, extracted_sql: extracted };
    const config = instanceConfig(env, Spider2LiteConfig);
    const database = openDatabase(DATABASES, env, body.db_id, config, { key: "spider2_lite_dir", value: config.spider2_lite_dir });
    if (extracted === null) return { reward: 0, ...fields, execution_match: false, failure_reason: "no_sql_extracted", sql_error: null };
    const golds = body.gold_sql ? [await goldRows(database, body.gold_sql)] : body.gold_result!;
    const graded = await grade(database, extracted, (rows) => anyColumnsMatch(golds, rows, body.condition_cols, body.ignore_order));
    return { reward: graded.execution_match ? 1 : 0, ...fields, ...graded };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
