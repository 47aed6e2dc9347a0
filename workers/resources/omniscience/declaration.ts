// omniscience: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { recordedJudgeOutput } from "../../../shared/judge/graded_letters.ts";
import { PromptFileJudgeConfig } from "../../../shared/judge/prompt_file.ts";
import { z } from "../../../shared/zod.ts";

export const OmniscienceConfig = PromptFileJudgeConfig;

/** The task fields of a row this server reads (domain and topic only label it). */
export const Task = z.object({
  question: z.string(),
  expected_answer: z.string().trim().min(1),
  id: z.union([z.string(), z.number()]).nullish(),
  domain: z.string().nullish(),
  topic: z.string().nullish(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "a judge model (`judge_model_server`, prompt from `judge_prompt_path`, NeMo's `prompts/judge.yaml` by default) grades the last assistant message, `<think>`/`<thinking>` removed (nothing when reasoning opens and never closes), against `expected_answer` on four tiers, A CORRECT / B INCORRECT / C PARTIAL_ANSWER / D NOT_ATTEMPTED, read as the reference reads them (the whole reply or its last line, then the first of A-D anywhere); a reply naming none scores B, with `judge_unparsable: true`; `verdict`, `judge_output`, `is_correct` / `is_incorrect` / `is_partial` / `is_not_attempted`, `omniscience_index` (+1 / -1 / 0), `is_hallucination`; a judge failure or an empty reply marks the row `judge_failed`",
  reward: "0/1 (A only)",
  answerKey: "`extracted_answer`",
};

export default resourcesServer({
  catalogue,
  task: Task,
  config: OmniscienceConfig,
  stateful: false,
  references: ["judge_model_server"],
  promptFiles: ["judge_prompt_path"],
  recordedJudgeReplies: recordedJudgeOutput,
});
