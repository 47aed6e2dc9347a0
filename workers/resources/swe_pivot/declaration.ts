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

export default resourcesServer({ task: Task, config: SwePivotConfig, stateful: false });
