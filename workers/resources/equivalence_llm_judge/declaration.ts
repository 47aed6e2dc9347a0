// equivalence_llm_judge: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig, ServerRef } from "../../../shared/schemas/config.ts";
import { judgeEvaluationTexts } from "../../../shared/judge/recorded.ts";
import { JudgeCallSettings } from "../../../shared/judge/settings.ts";
import { z } from "../../../shared/zod.ts";

export const JudgeConfig = ResourcesServerConfig.safeExtend({
  judge_model_server: ServerRef,
  ...JudgeCallSettings,
});

/** The task fields of a row this server reads. */
export const Task = z.object({
  expected_answer: z.string().trim().min(1),
  uuid: z.union([z.string(), z.number()]).nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

export default resourcesServer({ task: Task, config: JudgeConfig, stateful: false, references: ["judge_model_server"], recordedJudgeReplies: judgeEvaluationTexts });
