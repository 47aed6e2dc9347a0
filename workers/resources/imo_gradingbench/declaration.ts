// imo_gradingbench: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";

/** No settings of its own: the grade is read by a fixed rule, with no judge. */
export const ImoGradingBenchConfig = ResourcesServerConfig;

/** The task fields of a row this server reads (all optional, as in the reference; the rest pass through). */
export const Task = z.object({
  /** The gold grade: incorrect, partial, almost or correct (any case, spaces around). */
  expected_answer: z.string().nullish(),
  grading_id: z.string().nullish(),
  problem_id: z.string().nullish(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "the policy grades a math proof on IMO-GradingBench's scale, as NeMo Gym's imo_gradingbench: the last whitespace-separated word of its assistant messages (Python's whitespace; reasoning items are not read), without the characters ``*_`.,;:!?()[]{}`` and lower-cased, must be incorrect, partial, almost or correct and equal `expected_answer` (stripped, lower-cased); verify adds `extracted_grade` (null when unreadable), `binary_match` (both in the same bucket: correct/almost high, partial/incorrect low) and `score_diff` (points 7, 6, 1, 0 apart; null unless both grades are readable); pass@k over `exact_accuracy` and `binarized_accuracy` (the reference's MAE views are not derived; `mean/score_diff` is the pooled one)",
  reward: "0/1",
  answerKey: "`extracted_grade`",
};

export default resourcesServer({
  catalogue,
  task: Task,
  config: ImoGradingBenchConfig,
  stateful: false,
});
