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

export default resourcesServer({ task: Task, config: TerminalMultiHarnessConfig, stateful: false });
