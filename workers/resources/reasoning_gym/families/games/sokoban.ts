// sokoban: a string of moves (U, D, L, R; other characters do nothing) played on the task's board:
// the player steps onto floor or goals, pushes a box when the square beyond it holds no box or
// wall, and does not move otherwise. No box off a goal at the end: 1.0; else 0.
import { pyStrip } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configInt, configRange } from "../support/generator_config.ts";
import { reverseSokoban } from "./sokoban_reverse.ts";

const STEPS = new Map<string, [number, number]>([
  ["U", [-1, 0]],
  ["D", [1, 0]],
  ["L", [0, -1]],
  ["R", [0, 1]],
]);
const CELLS = new Set(["+", "@", "*", "X", "$", "%", "-"]);

interface Board {
  rows: number;
  cols: number;
  walls: Set<number>;
  goals: Set<number>;
  boxes: Set<number>;
  player: number | undefined;
}

function readBoard(gamestr: string): Board {
  const lines = pyStrip(gamestr.replaceAll(" ", "")).split("\n");
  const cols = [...lines[0]!].length;
  const board: Board = { rows: lines.length, cols, walls: new Set(), goals: new Set(), boxes: new Set(), player: undefined };
  lines.forEach((line, r) => {
    const cells = [...line];
    if (cells.length !== cols) throw new RangeError("a ragged board");
    cells.forEach((c, k) => {
      const at = r * cols + k;
      if (!CELLS.has(c)) throw new RangeError(`unknown square ${c}`);
      if (c === "+") board.walls.add(at);
      if (c === "X" || c === "$" || c === "%") board.goals.add(at);
      if (c === "@" || c === "$") board.boxes.add(at);
      if (c === "*" || c === "%") board.player = at;
    });
  });
  return board;
}

/** The square one step from `at`: a numpy index, where -1 is the last row or column and past the end raises. */
function next(board: Board, at: number, [dr, dc]: [number, number]): number {
  let r = Math.floor(at / board.cols) + dr;
  let c = (at % board.cols) + dc;
  if (r >= board.rows || c >= board.cols) throw new RangeError("off the board");
  if (r < 0) r += board.rows;
  if (c < 0) c += board.cols;
  return r * board.cols + c;
}

function play(board: Board, move: [number, number]): void {
  if (board.player === undefined) throw new TypeError("a board without a player");
  const target = next(board, board.player, move);
  if (board.walls.has(target)) return;
  if (board.boxes.has(target)) {
    const beyond = next(board, target, move);
    if (board.boxes.has(beyond) || board.walls.has(beyond)) return;
    board.boxes.delete(target);
    board.boxes.add(beyond);
  }
  board.player = target;
}

const ATTEMPTS = 1000;

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const minW = configInt(config, "min_w", 6, 3, 20);
  const maxW = configInt(config, "max_w", 10, minW, 20);
  const minH = configInt(config, "min_h", 6, 3, 20);
  const maxH = configInt(config, "max_h", 10, minH, 20);
  const [minBoxes, maxBoxes] = configRange(config, "boxes", [4, 10], [1, 300]);
  const depth = configInt(config, "max_depth", 80, 2, 100_000);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const puzzle = reverseSokoban(rng, rng.int(minW, maxW), rng.int(minH, maxH), rng.int(minBoxes, maxBoxes), depth);
    if (!puzzle) continue;
    return {
      question: `Solve this Sokoban puzzle: push every box onto a goal. The player walks up (U), down (D), left (L) or right (R) and pushes a box by walking into it, when the square beyond is free; boxes cannot be pulled.\n\n* the player, % the player on a goal, @ a box, $ a box on a goal, X a goal, + a wall, - an empty square.\n\n${puzzle.gamestr}\nAnswer with the moves as one string of letters, like LDURRUDL.`,
      answer: puzzle.solution,
      metadata: {
        source_dataset: "sokoban",
        source_index: index,
        gamestr: puzzle.gamestr,
        width: puzzle.width,
        height: puzzle.height,
        difficulty: { width: [minW, maxW], height: [minH, maxH] },
      },
    };
  }
  throw new RangeError(`no puzzle in ${ATTEMPTS} attempts: allow more room (max_w, max_h), fewer boxes or a larger max_depth`);
}

export default defineFamily({
  name: "sokoban",
  category: "games",
  scorer: "validity",
  generate,
  score(answer, entry) {
    if (answer === null || typeof entry.metadata.gamestr !== "string") return 0;
    try {
      const board = readBoard(entry.metadata.gamestr);
      // Only the four ASCII letters move; a surrogate pair's halves are neither.
      for (let i = 0; i < answer.length; i++) {
        const move = STEPS.get(answer[i]!);
        if (move) play(board, move);
      }
      return [...board.boxes].every((at) => board.goals.has(at)) ? 1 : 0;
    } catch {
      return 0;
    }
  },
});
