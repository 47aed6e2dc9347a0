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

export default resourcesServer({ task: Task, stateful: true });
