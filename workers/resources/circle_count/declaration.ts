// circle_count: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";

/** A circle drawn in the row's image; only its colour is counted (its x, y and radius pass through). */
export const Circle = z.looseObject({ color: z.string() });

/** The task fields of a row this server reads; absent, they are the reference's defaults. */
export const Task = z.object({
  circles: z.array(Circle).default([]),
  /** The colour whose circles are counted. */
  target_color: z.string().default(""),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "visual counting, as NeMo Gym's circle_count: the row's image (a base64 PNG `input_image`) shows coloured circles, and the response's output text (its message texts joined with nothing between them) must give, in its first `\\boxed{N}` of digits (any script's, as Python's `\\d`), the number of `circles` whose colour is `target_color`; verify adds `predicted_count` (null when none), `expected_count` and `correct`; `circles` default to [] and `target_color` to \"\"",
  reward: "0/1",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, stateful: false });
