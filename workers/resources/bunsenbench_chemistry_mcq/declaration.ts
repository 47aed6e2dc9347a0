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

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "BunsenBench chemistry multiple choice: the latest stated choice that names an option (`<choice>`/`<answer>`/`<response>`/`<final_answer>` tags outside the echoed `<choices>` list, `\\boxed{}`, `Answer:` labels, \"the answer is\"/\"I choose\"; else the last or first line), by letter or by its option text compared chemistry-normalised (entities, NFKC, sub/superscripts, dashes); options may come as `choices`; `no_answer`, `error_mode` (correct, wrong_answer, refusal, early_termination, malformed_choice, format_violation), `source`, `bct_field`, `bct_subfield` from the row or its metadata",
  reward: "0/1",
  answerKey: "`extracted_answer`",
};

export default resourcesServer({ catalogue, task: Task, stateful: false });
