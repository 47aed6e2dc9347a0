// swe_pivot: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";

/** NeMo Gym's fields, with its defaults (the app's: binary rewards, every level on). */
export const SwePivotConfig = ResourcesServerConfig.safeExtend({
  /** binary: 1 or 0; continuous: partial credit between the two similarity thresholds, then diff-size shaping. */
  reward_mode: z.enum(["binary", "continuous"]).default("binary"),
  enable_target_match: z.boolean().default(true),
  enable_argument_similarity: z.boolean().default(true),
  /** Continuous mode: the similarity that earns 0.5, below which the reward is 0. */
  similarity_threshold: z.number().default(0.4),
  /** The similarity that earns full credit (binary mode's only threshold). */
  similarity_full_credit: z.number().default(0.8),
  /** Continuous mode: scale the reward down by up to diff_size_alpha for large edits. */
  enable_diff_size_shaping: z.boolean().default(true),
  diff_size_alpha: z.number().default(0.1),
}).refine((c) => c.reward_mode !== "continuous" || c.similarity_full_credit > c.similarity_threshold, {
  message: "similarity_full_credit must be above similarity_threshold in continuous mode",
  path: ["similarity_full_credit"],
});
export type SwePivotConfig = z.infer<typeof SwePivotConfig>;

type Issues = z.core.$RefinementCtx;

/** A demonstrated action the server would read must name its tool (the reference fails on it otherwise). */
function checkAction(value: unknown, ctx: Issues, path: PropertyKey[]): void {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return;
  const action = value as Record<string, unknown>;
  if (action.type === "function_call" && typeof action.name !== "string") {
    ctx.addIssue({ code: "custom", message: "a function_call action needs its tool's name (a string)", path: [...path, "name"] });
  }
}

function checkActionText(text: string, ctx: Issues): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return;
  }
  checkAction(parsed, ctx, []);
}

/** The task fields of a row this server reads; others pass through. */
export const Task = z.object({
  uuid: z.union([z.string(), z.int()]).nullish(),
  /** The demonstrated action: {type: "function_call", name, arguments (JSON text or object)}. */
  expected_action: z
    .record(z.string(), z.unknown())
    .superRefine((action, ctx) => checkAction(action, ctx, []))
    .nullish(),
  /** The same action as JSON text (terminal-pivot rows), read when expected_action is not one. */
  expected_answer: z.string().superRefine(checkActionText).nullish(),
  /** May hold expected_action, read last. */
  metadata: z
    .record(z.string(), z.unknown())
    .superRefine((metadata, ctx) => checkAction(metadata.expected_action, ctx, ["expected_action"]))
    .nullish(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "PivotRL pivot turns of coding-agent trajectories, as NeMo Gym's swe_pivot (instances `swe_pivot`, `swe_pivot_tool_simulation_agent` on tool_simulation_agent): the response's first function call against the demonstrated one (`expected_action`, else `expected_answer` as JSON, else `metadata.expected_action`), in gated levels: the tool (same name, or the same family among 63 editor / shell / search / read / planning names, CamelCase included), the target (editor sub-command, file by its last 2 path components, view range covering 80% of the demonstrated one; a shell command's verb, its paths by their last 3 components, difflib ratio at least 0.3), then difflib's SequenceMatcher ratio of the arguments (old_str and new_str each, the lesser; a patch, diff or written file; a command), the first 2000 characters of each, against `similarity_full_credit` (binary) or with partial credit from `similarity_threshold` and a diff-size penalty up to `diff_size_alpha` (`reward_mode: continuous`); `expected_answer`, `model_output` (name and Python-json.dumps arguments), `tool_name_match`, `target_match`, `similarity_score`, `diff_size_penalty` (null where not reached), `failure_reason` (NeMo's codes); a second example set offers an editor and a shell (NeMo's rows offer no tool)",
  reward: "0/1 (continuous: 0 to 1)",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, config: SwePivotConfig, stateful: false });
