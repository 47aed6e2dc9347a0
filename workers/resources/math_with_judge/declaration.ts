// math_with_judge: a resources server, stateless (no session objects).
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig, ServerRef } from "../../../shared/schemas/config.ts";
import { judgeEvaluationTexts } from "../../../shared/judge/recorded.ts";
import { JudgeCallSettings } from "../../../shared/judge/settings.ts";
import { DEFAULT_BUDGET } from "../../../shared/verifiers/math/budget.ts";

export const MathConfig = ResourcesServerConfig.safeExtend({
  judge_model_server: ServerRef.nullish(),
  ...JudgeCallSettings,
  should_use_judge: z.boolean().default(false),
  /** Operation units per equivalence check (shared/verifiers/math/budget.ts). */
  library_budget: z.int().positive().default(DEFAULT_BUDGET),
}).refine((c) => !c.should_use_judge || c.judge_model_server, { message: "should_use_judge needs a judge_model_server", path: ["judge_model_server"] });

/** The task fields of a row this server reads. */
export const Task = z.object({
  question: z.string(),
  expected_answer: z.string(),
});

export default resourcesServer({ task: Task, config: MathConfig, stateful: false, references: ["judge_model_server"], recordedJudgeReplies: judgeEvaluationTexts });
