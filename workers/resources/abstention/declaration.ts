// abstention: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { recordedJudgeOutput } from "../../../shared/judge/graded_letters.ts";
import { JudgeCallSettings } from "../../../shared/judge/settings.ts";
import { ResourcesServerConfig, ServerRef } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";
import { JUDGE_PROMPT_TEMPLATE } from "./judge_prompt.ts";

export const AbstentionConfig = ResourcesServerConfig.safeExtend({
  judge_model_server: ServerRef,
  ...JudgeCallSettings,
  /** The judge prompt itself (not a path), with {question}, {target} and {predicted_answer}. */
  judge_prompt_template: z.string().default(JUDGE_PROMPT_TEMPLATE),
  /** The reward for abstaining, between the incorrect and the correct reward. */
  abstention_reward: z.number().default(0.5),
  /** What the model puts in \boxed{} to abstain. */
  abstention_token: z.string().default("[IDK]"),
  correct_reward: z.number().default(1.0),
  incorrect_reward: z.number().default(0.0),
});

/** The task fields of a row this server reads: `answer` is the gold target. */
export const Task = z.object({
  question: z.string(),
  answer: z.string().trim().min(1),
  id: z.union([z.string(), z.number()]).nullish(),
});

export default resourcesServer({
  task: Task,
  config: AbstentionConfig,
  stateful: false,
  references: ["judge_model_server"],
  recordedJudgeReplies: recordedJudgeOutput,
});
