// simpleqa: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { recordedJudgeOutput } from "../../../shared/judge/graded_letters.ts";
import { PromptFileJudgeConfig } from "../../../shared/judge/prompt_file.ts";
import { z } from "../../../shared/zod.ts";

export const SimpleQAConfig = PromptFileJudgeConfig;

/** The task fields of a row this server reads. */
export const Task = z.object({
  question: z.string(),
  expected_answer: z.string().trim().min(1),
  id: z.union([z.string(), z.number()]).nullish(),
});

export default resourcesServer({
  task: Task,
  config: SimpleQAConfig,
  stateful: false,
  references: ["judge_model_server"],
  promptFiles: ["judge_prompt_path"],
  recordedJudgeReplies: recordedJudgeOutput,
});
