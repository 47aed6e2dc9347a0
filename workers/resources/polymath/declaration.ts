// polymath: a resources server, stateless (no session objects).
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig, ServerRef } from "../../../shared/schemas/config.ts";
import { JudgeCallSettings } from "../../../shared/judge/settings.ts";
import { DEFAULT_BUDGET } from "../../../shared/verifiers/math/budget.ts";

export const PolyMathConfig = ResourcesServerConfig.safeExtend({
  judge_model_server: ServerRef.nullish(),
  ...JudgeCallSettings,
  /** Ask judge_model_server when the symbolic check says not equal (NeMo's config keeps it off). */
  should_use_judge: z.boolean().default(false),
  /** Operation units per equivalence check (shared/verifiers/math/budget.ts). */
  library_budget: z.int().positive().default(DEFAULT_BUDGET),
}).refine((c) => !c.should_use_judge || c.judge_model_server, { message: "should_use_judge needs a judge_model_server", path: ["judge_model_server"] });

/** The task fields of a row this server reads. */
export const Task = z.object({
  question: z.string(),
  expected_answer: z.string(),
  /** Difficulty weight of the question (low 1, medium 2, high 4, top 8); optional. */
  weight: z.number().nullish(),
  /** The question's language code ("en", "zh", ...); optional. */
  language: z.string().nullish(),
});

// No recordedJudgeReplies: the reference's rollouts were graded with its judge off (judge_evaluations
// null on the wrong row), so parity compares them as recorded, judge off, rather than forcing it on.
export default resourcesServer({ task: Task, config: PolyMathConfig, stateful: false, references: ["judge_model_server"] });
