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

export default resourcesServer({ task: Task, stateful: false });
