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

export default resourcesServer({ task: Task, config: ResourcesServerConfig, stateful: false });
