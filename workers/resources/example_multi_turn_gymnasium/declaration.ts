// example_multi_turn_gymnasium: an episode server (reset/step), its turn count kept in the
// session's own SessionDO.
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";

/** The task fields of a row this server reads (top level, as NeMo Gym's rows carry them). */
export const Task = z.object({
  /** Sent one by one, each after the model's reply to the one before. */
  follow_ups: z.array(z.string()).default([]),
  /** Must appear in the final reply (ignoring case); an empty one never does. */
  expected_answer: z.string(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "episode server: the row's `follow_ups` are asked one by one after each reply; the reply to the last one must contain `expected_answer` (ignoring case)",
  reward: "0/1",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, stateful: true });
