// arc_agi: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";

const Grid = z.array(z.array(z.number().int()));

/** The task fields of a row this server reads. */
export const Task = z.object({
  train: z.array(z.looseObject({ input: Grid, output: Grid })).optional(),
  test_input: Grid.optional(),
  expected_output: Grid.min(1),
  task_id: z.string().nullish(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "the boxed output grid equals `expected_output`",
  reward: "0/1",
  answerKey: "`predicted_output`",
};

export default resourcesServer({ catalogue, task: Task, stateful: false });
