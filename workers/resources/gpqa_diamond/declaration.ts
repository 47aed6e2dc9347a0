// gpqa_diamond: a resources server, stateless (no session objects).
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";

/** The task fields of a row this server reads: mcqa's row shape, graded one way whatever grading_mode says. */
export const Task = z.object({
  /** One single-letter key per option: `[{"A": "..."}, {"B": "..."}]`. */
  options: z.array(z.record(z.string(), z.string().nullable())).nullish(),
  expected_answer: z.string(),
  grading_mode: z.enum(["strict_single_letter_boxed", "lenient_boxed", "lenient_answer_colon"]).default("strict_single_letter_boxed"),
  // One pattern: the reference hands it to the regex engine as it is, so a list cannot be graded.
  template_metadata: z.looseObject({ output_regex: z.string().optional() }).nullish(),
  uuid: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "GPQA-Diamond multiple choice, mcqa's row shape (`metadata` {explanation, subset_for_metrics, difficulty} beside): the row's `template_metadata.output_regex` first (as mcqa reads it), else GPQA's own reading: the last `\\boxed{...}` (content up to its first `}`: a lone capital, else the last capital standing alone), which decides whenever it holds a letter, else the last `Answer: X` (markdown allowed); the letter must be one of the options' (any letter when the row has none); the row's `grading_mode` is not consulted",
  reward: "0/1",
  answerKey: "`extracted_answer`",
};

export default resourcesServer({ catalogue, task: Task, config: ResourcesServerConfig, stateful: false });
