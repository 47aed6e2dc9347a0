// arc_agi: the output grid of an ARC-AGI-1 task (augmented by rotation, mirroring and recolouring). The answer is read back into a board: the stored output board 1.0, another board
// 0.05, no board 0 (board.ts).
import { defineFamily } from "../family.ts";
import { scoreBoard } from "./board.ts";

export default defineFamily({
  name: "arc_agi",
  category: "arc",
  scorer: "own",
  score: scoreBoard,
  deviations: ["NeMo Gym's server compares the library's tuple board with the row's JSON lists and so scores even the exact board 0.05; the exact board scores 1.0 here, as the library scores its own entry."],
});
