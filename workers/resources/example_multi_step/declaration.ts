// example_multi_step: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";

/** The task fields of a row this server reads. */
export const Task = z.object({
  id: z.number().int(),
  expected_synonyms: z.array(z.string()),
  // set_overlap divides by its length.
  expected_synonym_values: z.array(z.number().int()).min(1),
  minefield_label: z.string(),
  minefield_label_value: z.number().int(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "synonym values extracted in listed order",
  reward: "0/1",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, stateful: false });
