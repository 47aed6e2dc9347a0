// frontierscience_judge: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { InlinedFiles } from "../../../shared/judge/files.ts";
import { recordedJudgeOutput } from "../../../shared/judge/graded_letters.ts";
import { JudgeCallSettings } from "../../../shared/judge/settings.ts";
import { ResourcesServerConfig, ServerRef } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";

export const FrontierScienceConfig = ResourcesServerConfig.safeExtend({
  judge_model_server: ServerRef,
  ...JudgeCallSettings,
  ...InlinedFiles,
  /** olympiad: the judge's "Judgement: YES/NO" decides; research: its rubric score against the threshold. */
  judge_mode: z.enum(["olympiad", "research"]).default("olympiad"),
  /** The rubric score (on rubric_max_score points) at or above which a research answer passes. */
  rubric_pass_score_threshold: z.number().default(7),
  /** The points a rubric totals: scores the judge gives as N/M are scaled onto it. */
  rubric_max_score: z.number().positive().default(10),
  /** A YAML file with the prompt under `user`; placeholders {question}, {expected_answer}, {rubric}, {generation}. */
  judge_prompt_path: z.string().default("prompts/judge.yaml"),
});
export type FrontierScienceConfig = z.infer<typeof FrontierScienceConfig>;

const text = z.string().nullish();

/** The task fields of a row this server reads; all optional, as NeMo Gym's are (a missing one is blank in the prompt). */
export const Task = z.object({
  id: z.union([z.int(), z.string()]).nullish(),
  subject: text,
  question: text,
  expected_answer: text,
  /** Research mode's rubric; the expected answer stands in for it when absent. */
  rubric: text,
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "one judge call (`judge_model_server`, prompt from `judge_prompt_path`, NeMo's `prompts/judge.yaml` by default; `prompts/research_judge.yaml` for research; chat completions with `use_chat_completions_for_judge`, then max_tokens 2048 and, in olympiad mode, temperature 0 / top_p 1 unless configured) on the last assistant message without its reasoning (an unclosed `<think>` is no answer), with `{question}`, `{expected_answer}`, `{rubric}` (the expected answer when the row has none) and `{generation}`; `judge_mode: olympiad`: the last \"Judgement: YES/NO\" (any case) decides; `research`: the rubric score on the last line that names one (`Score: 7/10`, `6 out of 10`, `FINAL_SCORE[8] / MAX_POSSIBLE_SCORE[10]`, `Score: 7`), scaled onto `rubric_max_score`, passes at `rubric_pass_score_threshold` (`rubric_score`, `rubric_score_normalized`), no score falling back to the Judgement with `invalid_judge_response: true`; a reply without a verdict scores 0 (`verdict` null); `verdict`, `judge_output`; a judge failure or an empty reply marks the row `judge_failed`",
  reward: "0/1",
  answerKey: "`extracted_answer`",
};

export default resourcesServer({
  catalogue,
  task: Task,
  config: FrontierScienceConfig,
  stateful: false,
  references: ["judge_model_server"],
  promptFiles: ["judge_prompt_path"],
  // NeMo records the one judge reply as judge_output.
  recordedJudgeReplies: recordedJudgeOutput,
});
