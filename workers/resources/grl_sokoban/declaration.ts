// grl_sokoban (NeMo Gym's name; `sokoban` is an alias): an episode server (reset/step), its board kept in the session's own SessionDO.
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";

// As narrow as a corridor (NeMo Gym plays any [rows, cols], e.g. [6, 4]); a room too small for a level is refused at /reset.
const side = z.number().int().min(3).max(12);

/** The task fields of a row this server reads (NeMo Gym's grl_sokoban row fields). */
export const Task = z.object({
  /** Generates the level; absent, the row's input seeds it, so identical rows are one level. */
  seed: z.number().int().nullish(),
  /** [rows, cols], the outer walls included. */
  dim_room: z.tuple([side, side]).default([6, 6]),
  num_boxes: z.number().int().min(1).max(3).default(1),
  /** Moves before the episode is truncated. */
  max_steps: z.number().int().min(1).default(100),
});

// `sokoban`: this implementation's name before it took NeMo Gym's; configs that use it still run it.
export default { ...resourcesServer({ task: Task, stateful: true }), aliases: { sokoban: {} } };
