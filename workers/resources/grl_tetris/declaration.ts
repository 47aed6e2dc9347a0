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

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "(NeMo Gym's names, `grl_tetris` and `grl_tetris_gymnasium_agent`) episode server: Tetris on a `dim_x` by `dim_y` board (4x4 by default; NeMo's rows also carry `dim_board`, which the reference never reads, so neither do we) with `box_type`'s pieces (2: dominoes, 3: dominoes and a 2x2 square, else single cells), dealt from the row's `seed` (0 to 2³²−1; absent: its input) as CPython's `random` deals them; every `<action>Left|Right|Down|0-2</action>` tag of a turn is played in order up to the move that ends the game (a turn with none is a 400 `invalid_action`); a piece lands on the move that brings it to rest; the first cleared row, or a landed piece in the top row, ends the game",
  reward: "each move -0.1, +10 a cleared row; a turn's moves summed",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, stateful: true });
