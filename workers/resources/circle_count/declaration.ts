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

export default resourcesServer({ task: Task, stateful: false });
