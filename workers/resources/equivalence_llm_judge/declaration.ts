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

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "a judge model (`judge_model_server`) finds the last assistant message equivalent to `expected_answer`, asked twice with the answers swapped; both must say equal (`judge_evaluations`); a judge failure marks the row `judge_failed`",
  reward: "0/1",
  answerKey: "`extracted_answer`",
};

export default resourcesServer({ catalogue, task: Task, config: JudgeConfig, stateful: false, references: ["judge_model_server"], recordedJudgeReplies: judgeEvaluationTexts });
