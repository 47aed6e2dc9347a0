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

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "the reply's last `\\boxed{}` (else the whole reply, `<think>` removed): the `abstention_token` (`[IDK]`, compared after SQuAD normalisation) abstains with no judge call; any other answer is graded by a judge model (`judge_model_server`, inline `judge_prompt_template`, OMNISCIENCE_GRADER-style) against `answer` as A CORRECT / B INCORRECT / C NOT_ATTEMPTED (C counts as abstaining; a reply naming none is B, with `judge_unparsable: true`); `verdict` (correct / abstain / incorrect), `judge_output` (null when no judge was asked), `ground_truth`, `is_correct` / `is_abstain` / `is_incorrect`, `omniscience_index`; a judge failure or an empty reply marks the row `judge_failed`",
  reward: "`correct_reward` 1 / `abstention_reward` 0.5 / `incorrect_reward` 0",
  answerKey: "`extracted_answer`",
};

export default resourcesServer({
  catalogue,
  task: Task,
  config: AbstentionConfig,
  stateful: false,
  references: ["judge_model_server"],
  recordedJudgeReplies: recordedJudgeOutput,
});
