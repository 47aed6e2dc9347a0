// grl_tetris (NeMo Gym's name): an episode server (reset/step), its game kept in the session's own SessionDO.
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";

// At least two columns: a piece reaching left starts one column in. NeMo's rows also carry
// `dim_board`, which the reference never reads (its board is sized by dim_x and dim_y), so neither do we.
const side = z.number().int().min(2).max(16);

/** The task fields of a row this server reads (those NeMo Gym's grl_tetris reads from a row). */
export const Task = z.object({
  /** Deals the pieces; absent, the row's input seeds them, so identical rows are one game. */
  // NumPy is seeded with it too in the reference, which takes 0 to 2**32 - 1 only.
  seed: z.number().int().min(0).max(2 ** 32 - 1).nullish(),
  /** Board width in cells. */
  dim_x: side.default(4),
  /** Board height in cells. */
  dim_y: side.default(4),
  /** 2: vertical and horizontal dominoes; 3: those and a 2x2 square; anything else: single cells. */
  box_type: z.number().int().default(3),
});

export default resourcesServer({ task: Task, stateful: true });
