// single_step_tool_use_with_argument_comparison: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { parseExact } from "../../../shared/json/exact.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";

/** How calls are compared (NeMo Gym's ToolCallComparatorConfig, with its defaults). */
export const ToolCallComparatorConfig = z.object({
  /** Strings of two words or more match when shared words / (words of both) reach this. */
  word_count_similarity_threshold: z.number(),
  /** Floats match when closer than this. */
  floating_point_comparison_threshold: z.number().default(1e-6),
  /** Off: only whether the expected calls were made counts, extra calls are free. On: the next three apply. */
  parallel_tool_call_rewarding: z.boolean().default(false),
  /** Admit a response with fewer calls than expected. */
  allow_subset: z.boolean().default(false),
  /** Admit a response with more calls than expected. */
  allow_superset: z.boolean().default(false),
  /** binary_strict: all required calls matched; fractional: the matched share; f1: 2·matched / (expected + actual). */
  parallel_tool_call_reward_mode: z.enum(["binary_strict", "fractional", "f1"]).default("binary_strict"),
});
export type ToolCallComparatorConfig = z.infer<typeof ToolCallComparatorConfig>;

export const SingleStepConfig = ResourcesServerConfig.safeExtend({ tool_call_comparator_config: ToolCallComparatorConfig });
export type SingleStepConfig = z.infer<typeof SingleStepConfig>;

/** Expected arguments are compared as the JSON value their text holds: text that is not JSON is a bad row. */
const argumentsText = z.string().refine((text) => {
  try {
    parseExact(text);
    return true;
  } catch {
    return false;
  }
}, "not JSON text");

export const FunctionCallAction = z.object({ type: z.literal("function_call"), name: z.string(), arguments: argumentsText });
export const ExpectedAction = z.discriminatedUnion("type", [
  z.object({ type: z.literal("message"), content: z.string() }),
  FunctionCallAction,
  z.object({ type: z.literal("function_call_batch"), calls: z.array(FunctionCallAction).min(1) }),
]);
export type ExpectedAction = z.infer<typeof ExpectedAction>;

/** The task fields of a row this server reads: the action the expert took at this step. */
export const Task = z.object({ expected_action: ExpectedAction });

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "one step of an expert tool-use trajectory, as NeMo Gym's server of that name (instances `single_step_tool_use_with_argument_comparison_resources_server` and `parallel_tool_calls_single_step_tool_use_with_argument_comparison_resources_server`, agents `..._agent` on tool_simulation_agent; NeMo's droid, search and SWE pivot and toolcall-schema configs run as they are): the response's action (every function call, two or more a batch, else the first assistant text) against `expected_action` (`message`, `function_call` or `function_call_batch`): any message meets a message; calls match by name, then by a recursive comparison of the arguments (Python's types, so a bool passes for an int and 2.0 not; object keys and list lengths equal; floats within `floating_point_comparison_threshold`; strings of two words or more by shared word counts over both totals against `word_count_similarity_threshold`, shorter ones exactly), a batch as an unordered multiset by maximum bipartite matching; `tool_call_comparator_config.parallel_tool_call_rewarding` makes the count matter (`allow_subset`, `allow_superset`, `parallel_tool_call_reward_mode` binary_strict, fractional or f1); `category` (NeMo's sentence for the first reason)",
  reward: "0/1 (fractional, f1: 0 to 1)",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, config: SingleStepConfig, stateful: false });
