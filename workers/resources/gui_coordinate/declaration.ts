// gui_coordinate: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";

/** The task fields of a row this server reads. */
export const Task = z.object({
  /** The target's point as "x,y", each a fraction of the image's width and height. */
  expected_answer: z.string(),
  /** The distance (in those fractions) at which the reward falls to 0. */
  max_dist: z.number().default(0.15),
  /** Passed through, never scored. */
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

export default resourcesServer({ task: Task, stateful: false });
