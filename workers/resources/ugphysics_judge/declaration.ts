// ugphysics_judge: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { InlinedFiles } from "../../../shared/judge/files.ts";
import { judgeEvaluationTexts } from "../../../shared/judge/recorded.ts";
import { MathJudgeSettings } from "../../../shared/judge/math_settings.ts";
import { ResourcesServerConfig, ServerRef } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";

export const UgPhysicsConfig = ResourcesServerConfig.safeExtend({
  judge_model_server: ServerRef,
  ...MathJudgeSettings,
  ...InlinedFiles,
  /** Ask the judge when the symbolic check says not equal. */
  should_use_judge: z.boolean().default(true),
  /** A YAML prompt file (`user`, optional `system`) with {problem}, {solution}, {expected_answer} and {generation}. */
  judge_prompt_path: z.string().default("resources_servers/ugphysics_judge/prompts/judge.yaml"),
});

/** The task fields of a row this server reads: the reference solution goes to the judge, the subject to the metrics. */
export const Task = z.object({
  question: z.string(),
  expected_answer: z.string(),
  solution: z.string().default(""),
  subject: z.string().nullish(),
});

export default resourcesServer({
  task: Task,
  config: UgPhysicsConfig,
  stateful: false,
  references: ["judge_model_server"],
  promptFiles: ["judge_prompt_path"],
  recordedJudgeReplies: judgeEvaluationTexts,
});
