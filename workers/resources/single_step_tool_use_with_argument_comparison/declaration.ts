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

export default resourcesServer({ task: Task, config: SingleStepConfig, stateful: false });
