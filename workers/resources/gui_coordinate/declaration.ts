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

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "GUI pointing, as NeMo Gym's gui_coordinate: the reply (assistant messages joined by newlines) names a point of the row's image as `<point>(x, y)</point>` in thousandths of its width and height (the first well-formed one; brackets around the pair and whitespace between tokens allowed), scored against `expected_answer` (\"x,y\" fractions, each read by Python's `float()`) by Euclidean distance: (1 − distance / `max_dist`)² inside `max_dist` (per row, default 0.15), 0 at or past it; verify adds `extracted_x`, `extracted_y` and `distance` (all null unless both points were read), with `metadata` null when the row has none",
  reward: "0 to 1",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, stateful: false });
