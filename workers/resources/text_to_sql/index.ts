// Text-to-SQL by an LLM judge (NeMo Gym's text_to_sql): the query is read out of the reply as the
// reference reads it (a ```sql block, a plain block starting with a SQL verb, or raw SQL to the last
// semicolon), then a judge compares it with the reference query for the row's dialect (mysql,
// postgresql, sqlite), seeing the schema and the question; when it says equal it is asked again
// with the two swapped (judge.ts). Nothing is executed. failure_reason says why a reward is 0:
// no_sql_extracted, or judge_evaluation_failed (the judge said not equal, either way round).
import declaration, { TextToSqlConfig } from "./declaration.ts";
import { judgeSql } from "./judge.ts";
import { extractSql } from "../../../shared/sql/extract.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { joinedOutputText } from "../../../shared/verifiers/assistant_text.ts";

// NeMo's `judge_endpoint_max_concurrency: null`: no cap of its own.
const UNCAPPED = Number.MAX_SAFE_INTEGER;

const server = defineResourcesServer({
  declaration,
  tools: {},
  async verify(body, { env }) {
    const config = instanceConfig(env, TextToSqlConfig);
    const row = {
      uuid: body.uuid ?? null,
      sql: body.sql,
      sql_dialect: body.sql_dialect,
      sql_context: body.sql_context,
      sql_prompt: body.sql_prompt,
      metadata: body.metadata ?? null,
    };
    // The reference reads the response's output_text: every output_text part, joined as they are.
    const generated = joinedOutputText(body.response.output);
    const extracted = generated ? extractSql(generated) : null;
    if (extracted === null) {
      return { ...row, reward: 0, model_output: generated, extracted_sql: null, judge_passed: false, failure_reason: "no_sql_extracted", judge_evaluations: [] };
    }
    const judge = {
      ref: config.judge_model_server,
      settings: { ...config, judge_max_concurrency: config.judge_endpoint_max_concurrency ?? UNCAPPED },
      environment: "text_to_sql",
    };
    const question = {
      system: config.judge_system_message,
      labels: { equal: config.judge_equal_label, notEqual: config.judge_not_equal_label },
      dialect: body.sql_dialect,
      context: body.sql_context,
      prompt: body.sql_prompt,
    };
    const { outcome, evaluations } = await judgeSql(env, judge, question, body.sql, extracted, config.check_twice_swap);
    const passed = outcome === "equal";
    const reward = passed ? 1 : outcome === "swap_failed" ? config.reward_if_swap_fails : 0;
    return { ...row, reward, model_output: generated, extracted_sql: extracted, judge_passed: passed, failure_reason: passed ? "none" : "judge_evaluation_failed", judge_evaluations: evaluations };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
