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
// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "(NeMo Gym's name and instance names, `grl_sokoban` and `grl_sokoban_gymnasium_agent`; `sokoban`, its name before, still names the implementation in a config) episode server: one move per turn (`<action>Up</action>`; in a reply without a tag, a bare direction or 1-4, read with the reference's Python patterns; a reply naming no move, or a tag holding none, is refused with a 400 `invalid_action`, and gymnasium_agent ends the episode there, truncated and scored, so a refusal cannot drop the sample) on a level generated from the row's `seed`, `dim_room` (`[rows, cols]`, 3 to 12 each, square or not, as NeMo Gym's `[6, 4]`; a room too small for a level is a 400), `num_boxes` and solvable by construction (a random room, boxes on targets, then played backwards); gym-sokoban's rules and rewards; solved ends the episode, `max_steps` moves truncate it",
  reward: "-0.1 a move, +1 a box onto a target (-1 off), +10 solved",
  answerKey: "none",
};

export default { ...resourcesServer({ catalogue, task: Task, stateful: true }), aliases: { sokoban: {} } };
