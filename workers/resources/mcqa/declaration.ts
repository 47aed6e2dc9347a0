// mcqa: a resources server, stateless (no session objects).
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";

/** The modes a row may name, as NeMo Gym's row field allows. */
export const RowGradingMode = z.enum(["strict_single_letter_boxed", "lenient_boxed", "lenient_answer_colon"]);

/** The modes an instance may set: a row's, and lenient_answer_colon_md, which NeMo Gym offers only there. */
export const GradingMode = z.enum([...RowGradingMode.options, "lenient_answer_colon_md"]);
export type GradingMode = z.infer<typeof GradingMode>;

/** Set on the instance, `grading_mode` grades every row that way, whatever the row says (the row's must still be a valid one). */
export const McqaConfig = ResourcesServerConfig.safeExtend({ grading_mode: GradingMode.nullish() });

/** The task fields of a row this server reads. */
export const Task = z.object({
  /** One single-letter key per option: `[{"A": "Karyotyping"}, {"B": "PCR"}]`. */
  options: z.array(z.record(z.string(), z.string().nullable())).nullish(),
  expected_answer: z.string(),
  grading_mode: RowGradingMode.default("strict_single_letter_boxed"),
  template_metadata: z.looseObject({ output_regex: z.union([z.string(), z.array(z.string())]).optional() }).nullish(),
  uuid: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

export default resourcesServer({ task: Task, config: McqaConfig, stateful: false });
