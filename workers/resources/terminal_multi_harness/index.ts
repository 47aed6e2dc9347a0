// Terminal multi-harness: the next action of an agent harness (codex, opencode, agent006, stirrup)
// against the teacher's, as NeMo Gym's terminal_multi_harness compares them: a message, a tool call
// or a batch of calls, checked for schema validity, tool name, no extra argument keys, then the
// harness's rulebook on values (difflib similarity of commands, code and queries; exact paths).
// Reward 1 on a match; `category` says which check decided, `similarity_score` the ratio a rule
// computed (null where none did).
import declaration, { TerminalMultiHarnessConfig } from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { Category } from "./categories.ts";
import { actionOf } from "./actions.ts";
import { compareAction } from "./compare.ts";
import { schemaMap } from "./tool_schemas.ts";

const server = defineResourcesServer({
  declaration,
  tools: {},
  verify(body, { env }) {
    const actual = actionOf(body.response.output);
    if (!actual) return { reward: 0, category: Category.NO_ACTION_FOUND, similarity_score: null };
    const config = instanceConfig(env, TerminalMultiHarnessConfig).tool_call_comparator_config;
    const verdict = compareAction(body.expected_action, actual, {
      harness: body.harness,
      threshold: body.threshold ?? config.string_similarity_threshold,
      // The row's declared tools when it has them (even none), else the tools the request offered.
      schemas: schemaMap(body.declared_tools ?? body.responses_create_params.tools ?? []),
    });
    return { reward: verdict.matches ? 1 : 0, category: verdict.category, similarity_score: verdict.similarity_score ?? null };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
