// circle_click: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";

/** A circle drawn in the row's image: its centre and radius in pixels, and its colour's name. */
export const Circle = z.looseObject({ x: z.number(), y: z.number(), radius: z.number(), color: z.string() });
export type Circle = z.infer<typeof Circle>;

/** The task fields of a row this server reads; absent, they are the reference's defaults (and score 0). */
export const Task = z.object({
  circles: z.array(Circle).default([]),
  /** The colour whose circle the click must land in. */
  target_color: z.string().default(""),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "visual grounding by clicking, as NeMo Gym's circle_click: the row's image (a base64 PNG `input_image`) shows coloured circles, and the model must call the server's `click` tool (which answers with the x and y it was sent) inside the circle of `target_color`; the first `click` call's arguments are read as Python's `int()` reads JSON values (ints, floats cut towards zero, bools, digit strings with sign, spaces and underscores; x before y, so an unreadable y leaves x read); it hits when its distance from the first circle of that colour in `circles` is at most the radius; verify adds `clicked_x`, `clicked_y` (null when unreadable) and `hit`; `circles` default to [] and `target_color` to \"\" (score 0)",
  reward: "0/1",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, stateful: false });
