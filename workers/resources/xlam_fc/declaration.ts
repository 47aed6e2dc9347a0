// xlam_fc: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";

/** The task fields of a row this server reads. */
export const Task = z.object({
  expected_answers: z.array(z.looseObject({ name: z.string(), arguments: z.record(z.string(), z.unknown()).default({}) })),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "every expected function call made, and no other",
  reward: "0/1",
  answerKey: "`predicted_calls`",
};

export default resourcesServer({ catalogue, task: Task, stateful: false });
