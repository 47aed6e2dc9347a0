// terminal_multi_harness: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";

/** NeMo Gym's comparator settings; keys it does not read (stirrup's query_string_similarity_threshold) are accepted and unused, as there. */
export const ToolCallComparatorConfig = z.looseObject({
  /** The difflib ratio a command, code, query or reason must reach (a row's `threshold` overrides it). */
  string_similarity_threshold: z.number(),
  floating_point_comparison_threshold: z.number().default(1e-6),
  ignored_argument_keys_by_tool: z.record(z.string(), z.array(z.string())).default({}),
});

export const TerminalMultiHarnessConfig = ResourcesServerConfig.safeExtend({ tool_call_comparator_config: ToolCallComparatorConfig });
export type TerminalMultiHarnessConfig = z.infer<typeof TerminalMultiHarnessConfig>;

export const MessageAction = z.object({ type: z.literal("message"), content: z.string() });
export const FunctionCallAction = z.object({ type: z.literal("function_call"), name: z.string(), arguments: z.string() });
export const FunctionCallBatchAction = z.object({ type: z.literal("function_call_batch"), calls: z.array(FunctionCallAction), ordered: z.boolean().default(true) });
/** The next action: a chat message, one tool call, or several in one turn. */
export const Action = z.discriminatedUnion("type", [MessageAction, FunctionCallAction, FunctionCallBatchAction]);
export type Action = z.infer<typeof Action>;
export type FunctionCallAction = z.infer<typeof FunctionCallAction>;

/** The task fields of a row this server reads. */
export const Task = z.object({
  /** Whose rulebook compares argument values: codex, opencode, agent006 or stirrup; any other name checks keys only. */
  harness: z.string().default("generic"),
  expected_action: Action,
  /** The tool definitions calls are validated against; null: the row's responses_create_params.tools. */
  declared_tools: z.array(z.record(z.string(), z.unknown())).nullable().default(null),
  /** This row's similarity threshold, over the config's. */
  threshold: z.number().nullable().default(null),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "an agent harness's next action against the teacher's, as NeMo Gym's terminal_multi_harness (its four configs: instances `terminal_multi_harness_{codex,opencode,agent006,stirrup}_resources_server` with `..._agent` on tool_simulation_agent; `tool_call_comparator_config.string_similarity_threshold`, a row's `threshold` over it): the response's function calls (one is a call, several a batch) else its assistant text (a message) against `expected_action`: a message matches any non-empty one; a call must decode to a JSON object, be valid under its tool's schema in `declared_tools` (else `responses_create_params.tools`; JSON Schema 2020-12, formats not asserted, stringified arrays and objects read first), name the expected tool and add no argument key, then pass the `harness` rulebook (codex `exec_command` / opencode `bash` / stirrup `code_exec` by difflib ratio of the normalised command, agent006 `execute_python` and `return_result` (its `json.dumps(sort_keys=True)`) by ratio, stirrup `web_search` and `finish` reason by ratio of lowercased text, `fetch_web_page` and opencode `read`, `write`, `edit`, `glob`, `grep`, `webfetch`, `skill`, `task`, `todowrite` by values, `update_plan` non-empty); a batch compares call for call after sorting both by name and canonical arguments; `category` (NeMo's text for the check that decided) and `similarity_score` (null where no ratio was taken)",
  reward: "0/1",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, config: TerminalMultiHarnessConfig, stateful: false });
