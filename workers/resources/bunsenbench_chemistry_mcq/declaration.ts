// bunsenbench_chemistry_mcq: a resources server, stateless (no session objects).
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { ChoiceTask } from "../../../shared/schemas/choice_task.ts";

/** An option given as a choice: its text alone, or an object naming its letter and text under one of several keys. */
export const Choice = z.union([z.string(), z.record(z.string(), z.unknown())]);

/** mcqa's row fields (its grading mode is accepted but not used), plus BunsenBench's taxonomy. */
export const Task = ChoiceTask.extend({
  expected_answer: z.string().nullish(),
  /** The options as a list of choices, read when `options` is absent or empty (lettered A, B, ... by position). */
  choices: z.array(Choice).nullish(),
  bunsen_id: z.string().nullish(),
  source: z.string().nullish(),
  bct_field: z.string().nullish(),
  bct_subfield: z.string().nullish(),
});

export default resourcesServer({ task: Task, stateful: false });
