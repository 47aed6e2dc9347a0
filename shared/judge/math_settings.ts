// What the math servers that check an answer symbolically and may ask a judge on a miss share
// (math_with_judge, polymath, math_with_autograder, physics_judge, ugphysics_judge): their config
// fields under NeMo Gym's names, and the two scores NeMo Gym's math_with_judge reports.
import { z } from "../zod.ts";
import type { ScoreSpec } from "../metrics/scores.ts";
import { ResourcesServerConfig, ServerRef } from "../schemas/config.ts";
import { DEFAULT_BUDGET } from "../verifiers/math/budget.ts";
import { JudgeCallSettings } from "./settings.ts";

export const MathJudgeSettings = {
  ...JudgeCallSettings,
  /** Operation units per symbolic check (shared/verifiers/math/budget.ts). */
  library_budget: z.int().positive().default(DEFAULT_BUDGET),
};

/** The library's verdict, and the judge's where it was asked. */
export const MATH_JUDGE_SCORES: ScoreSpec = { symbolic_accuracy: { field: "library_reward" }, judge_accuracy: { field: "reward", when: "judge_evaluations" } };

/** A judge that is off unless `should_use_judge`, which then needs a `judge_model_server`. */
export const OptionalMathJudgeConfig = ResourcesServerConfig.safeExtend({
  judge_model_server: ServerRef.nullish(),
  ...MathJudgeSettings,
  /** Ask judge_model_server when the symbolic check says not equal (NeMo Gym's configs keep it off). */
  should_use_judge: z.boolean().default(false),
}).refine((c) => !c.should_use_judge || c.judge_model_server, { message: "should_use_judge needs a judge_model_server", path: ["judge_model_server"] });
