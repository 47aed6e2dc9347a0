// physics_judge: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { InlinedFiles } from "../../../shared/judge/files.ts";
import { judgeEvaluationTexts } from "../../../shared/judge/recorded.ts";
import { MathJudgeSettings } from "../../../shared/judge/math_settings.ts";
import { ResourcesServerConfig, ServerRef } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";

export const PhysicsConfig = ResourcesServerConfig.safeExtend({
  judge_model_server: ServerRef,
  ...MathJudgeSettings,
  ...InlinedFiles,
  /** Ask the judge when the symbolic check says not equal. */
  should_use_judge: z.boolean().default(true),
  /** A YAML prompt file (`user`, optional `system`) with {problem}, {generation} and {expected_answer}. */
  judge_prompt_path: z.string().default("resources_servers/physics_judge/prompts/judge.yaml"),
});

/** The task fields of a row this server reads (domain, difficulty, solution, ... pass through). */
export const Task = z.object({
  question: z.string(),
  expected_answer: z.string(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "the reply's final answer (as Math-Verify extracts it) is the same math as `expected_answer` (a wholly `\\boxed{}` or `$...$` expected answer is read inside); on a miss, with `should_use_judge` (default true), one judge call (`judge_model_server`, prompt file `judge_prompt_path` with `{problem}`, `{generation}` = the whole reply, `{expected_answer}`; no swap) whose reply passes when it holds `[Correct]` anywhere, any case, as the reference reads it (`[Incorrect]` or no token: 0, not a failure); `library_reward`, `judge_evaluations` (null when the judge was not asked); a judge failure or an empty judge reply marks the row `judge_failed`",
  reward: "0/1",
  answerKey: "`extracted_answer`",
};

export default resourcesServer({
  catalogue,
  task: Task,
  config: PhysicsConfig,
  stateful: false,
  references: ["judge_model_server"],
  promptFiles: ["judge_prompt_path"],
  recordedJudgeReplies: judgeEvaluationTexts,
});
