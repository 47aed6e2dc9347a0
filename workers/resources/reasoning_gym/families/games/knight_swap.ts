// knight_swap: "No" for an impossible puzzle; else a JSON list of "color,from,to" moves, colours
// alternating from the start turn, each a knight's step (along the task's board graph) to an empty
// square. Moves that swap the white and black knights: 1.0 in at most the stored solution's number
// of moves, else that number over the moves used; legal moves that do not swap them: 0.05; an
// illegal move, a malformed answer or "No" for a possible puzzle: 0.
import { pyStrip } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configInt, configNumber, configRange } from "../support/generator_config.ts";
import { drawBoard, knightBoard, solveSwap } from "./knight_swap_board.ts";
import type { Pieces as Placement } from "./knight_swap_board.ts";

type Pieces = Map<string, string | null>;

function positionsOf(pieces: Pieces, color: string): string {
  return [...pieces].filter(([, piece]) => piece === color).map(([pos]) => pos).sort().join("\u0000");
}

function parseMoves(answer: string): [string, string, string][] | undefined {
  let list: unknown;
  try {
    list = JSON.parse(answer);
  } catch {
    return undefined;
  }
  if (!Array.isArray(list)) return undefined;
  const moves: [string, string, string][] = [];
  for (const move of list) {
    if (typeof move !== "string") return undefined;
    const parts = move.split(",");
    if (parts.length !== 3 || (parts[0] !== "w" && parts[0] !== "B")) return undefined;
    moves.push(parts as [string, string, string]);
  }
  return moves;
}

// Our impossible puzzles are impossible on the board as shown: the library's cut a knight move the
// question does not mention.
function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minNodes, maxNodes] = configRange(config, "nodes", [6, 9], [6, 12]);
  const [minPieces, maxPieces] = configRange(config, "pieces", [2, 2], [1, 6]);
  const [minSteps, maxSteps] = configRange(config, "steps", [4, 20], [1, 1000]);
  const attempts = configInt(config, "max_attempts", 100, 1, 10_000);
  const impossibleRatio = configNumber(config, "impossible_ratio", 0.2, 0, 1);
  const impossible = rng.chance(impossibleRatio);
  for (let attempt = 0; attempt < attempts; attempt++) {
    const graph = knightBoard(rng, rng.int(minNodes, maxNodes), attempts);
    const squares = Object.keys(graph);
    const count = Math.min(rng.int(minPieces, maxPieces), Math.floor(squares.length / 2));
    for (let placing = 0; placing < 50; placing++) {
      const [whites, blacks] = [rng.sample(squares, count), [] as string[]];
      blacks.push(...rng.sample(squares.filter((s) => !whites.includes(s)), count));
      const pieces = Object.fromEntries(squares.map((s) => [s, whites.includes(s) ? "w" : blacks.includes(s) ? "B" : null])) as Placement;
      const start = rng.choice(["w", "B"] as const);
      const solution = solveSwap(graph, pieces, start);
      if (impossible ? solution !== undefined : solution === undefined || solution.length < minSteps || solution.length > maxSteps) continue;
      return {
        question: `Knights on a small board (only the squares drawn exist; w is a white knight, B a black one, . an empty square):\n\n${drawBoard(graph, pieces)}\n\nKnights move as in chess (two squares one way, one square across) and only onto empty squares. ${start === "w" ? "White" : "Black"} moves first, then the sides alternate. The goal: every white knight on a square where a black knight started, and every black knight on a square where a white knight started.\n\nCan it be done? If not, answer "No". If so, answer with the moves as a JSON list of "colour,from,to" strings (colour w or B), for example ["w,A1,B3"].`,
        answer: solution ? JSON.stringify(solution) : "No",
        metadata: {
          source_dataset: "knight_swap",
          source_index: index,
          board: graph,
          pieces,
          start_turn: start,
          solution: solution?.map((move) => move.split(",")) ?? null,
          is_possible: solution !== undefined,
          num_steps: solution?.length ?? 0,
          difficulty: { nodes: [minNodes, maxNodes], pieces: [minPieces, maxPieces], steps: [minSteps, maxSteps] },
        },
      };
    }
  }
  throw new RangeError(`no ${impossible ? "impossible" : "solvable"} puzzle within min_steps..max_steps in max_attempts boards`);
}

export default defineFamily({
  name: "knight_swap",
  category: "games",
  scorer: "validity",
  generate,
  score(answer, entry) {
    if (answer === null) return 0;
    const text = pyStrip(answer);
    if (text.length === 0) return 0;
    const { is_possible: possible, board, pieces: initial, start_turn: startTurn, solution } = entry.metadata;
    const saysNo = text.toLowerCase() === "no";
    if (!possible) return saysNo ? 1 : 0;
    if (saysNo) return 0;
    const moves = parseMoves(text);
    if (!moves || typeof board !== "object" || board === null || typeof initial !== "object" || initial === null) return 0;
    const graph = new Map(Object.entries(board as Record<string, unknown>));
    const pieces: Pieces = new Map(Object.entries(initial as Record<string, string | null>));
    let turn = startTurn;
    for (const [color, from, to] of moves) {
      if (color !== turn || pieces.get(from) !== color) return 0;
      const reachable = graph.get(from);
      if (!Array.isArray(reachable) || !reachable.includes(to)) return 0;
      if (pieces.has(to) && pieces.get(to) !== null) return 0;
      pieces.set(to, color);
      pieces.set(from, null);
      turn = turn === "w" ? "B" : "w";
    }
    const start: Pieces = new Map(Object.entries(initial as Record<string, string | null>));
    if (positionsOf(pieces, "w") !== positionsOf(start, "B") || positionsOf(pieces, "B") !== positionsOf(start, "w")) return 0.05;
    // The library takes len() of the stored solution here, which raises (scoring 0) when it has none.
    if (!Array.isArray(solution)) return 0;
    const optimal = solution.length;
    return moves.length <= optimal ? 1 : optimal / moves.length;
  },
});
