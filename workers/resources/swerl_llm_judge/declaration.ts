// swerl_llm_judge: a resources server, stateless (no session objects).
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";

/** strict: the block holds one letter (bracketed or not); lenient: the block's first standalone letter. */
export const GradingMode = z.enum(["lenient", "strict"]);

/** The task fields of a row this server reads. */
export const Task = z.object({
  /** One single-letter key per proposed fix: `[{"A": "diff --git ..."}, {"B": "..."}]`. */
  options: z.array(z.record(z.string(), z.string())).nullish(),
  /** The gold letter, or several accepted ones; entries that are not one letter are ignored. */
  expected_answer: z.union([z.string(), z.array(z.unknown())]).nullish(),
  grading_mode: GradingMode.default("lenient"),
  instance_id: z.string().nullish(),
  dataset_name: z.string().nullish(),
  dataset_split: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "SWE-style choice among proposed fixes: the letter in `<solution>...</solution>` per the row's `grading_mode` (strict: the first block holding only one letter, bracketed or not; lenient: the first standalone letter of the last block), which must be an option's and one of the gold letters (`expected_answer`, a letter or a list)",
  reward: "0/1",
  answerKey: "`extracted_answer`",
};

export default resourcesServer({ catalogue, task: Task, stateful: false });
