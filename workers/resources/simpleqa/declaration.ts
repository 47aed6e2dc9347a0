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

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "a judge model (`judge_model_server`, prompt from `judge_prompt_path`, NeMo's `prompts/judge.yaml` by default; chat completions with `use_chat_completions_for_judge`) grades the last assistant message against `expected_answer` as A CORRECT / B INCORRECT / C NOT_ATTEMPTED, the letter read as the reference reads it (leading letter, then the last line's, then the first of A, B, C anywhere); a reply naming none scores C, with `judge_unparsable: true`; `verdict`, `judge_output`, `is_correct` / `is_incorrect` / `is_not_attempted`; a judge failure or an empty reply marks the row `judge_failed`",
  reward: "0/1 (A only)",
  answerKey: "`extracted_answer`",
};

export default resourcesServer({
  catalogue,
  task: Task,
  config: SimpleQAConfig,
  stateful: false,
  references: ["judge_model_server"],
  promptFiles: ["judge_prompt_path"],
  recordedJudgeReplies: recordedJudgeOutput,
});
