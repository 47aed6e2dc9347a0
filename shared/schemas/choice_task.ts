// The row of a multiple-choice environment, as NeMo Gym's mcqa reads it (mcqa, and the servers
// built on its rows: bunsenbench_chemistry_mcq, gpqa_diamond).
import { z } from "../zod.ts";

/** The modes a row may name, as NeMo Gym's row field allows. */
export const RowGradingMode = z.enum(["strict_single_letter_boxed", "lenient_boxed", "lenient_answer_colon"]);

export const ChoiceTask = z.object({
  /** One single-letter key per option: `[{"A": "Karyotyping"}, {"B": "PCR"}]`. */
  options: z.array(z.record(z.string(), z.string().nullable())).nullish(),
  expected_answer: z.string(),
  grading_mode: RowGradingMode.default("strict_single_letter_boxed"),
  template_metadata: z.looseObject({ output_regex: z.union([z.string(), z.array(z.string())]).optional() }).nullish(),
  uuid: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});
