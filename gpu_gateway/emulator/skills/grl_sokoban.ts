// grl_sokoban: each observation draws the board ("Sokoban board:" then rows of # _ O X √ P S); answer
// with one <action> move. The right path searches the board (breadth first over player and box
// positions) and plays the first move of a shortest solution. Wrong path: "I will just try" a
// move into a wall (or away from the solution), every turn, so the level is never solved.
import { lastUserText } from "../policy/conversation.ts";
import { say, type Action, type Situation, type Skill } from "../policy/types.ts";

const MOVES = [
  ["Up", -1, 0],
  ["Down", 1, 0],
  ["Left", 0, -1],
  ["Right", 0, 1],
] as const;
type Move = (typeof MOVES)[number];

const GUESS = "I will just try";
/** States the search may visit; the bundled levels need a few thousand. */
const SEARCH_LIMIT = 200_000;

interface Board {
  walls: Set<string>;
  targets: Set<string>;
  boxes: string[];
  player: string;
}

const at = (row: number, col: number) => `${row},${col}`;
const step = (cell: string, [, dr, dc]: Move) => {
  const [row, col] = cell.split(",").map(Number) as [number, number];
  return at(row + dr, col + dc);
};

function readBoard(text: string): Board | undefined {
  const drawing = /Sokoban board:\n([\s\S]*?)(?:\n\n|$)/.exec(text)?.[1];
  if (drawing === undefined) return undefined;
  const board: Board = { walls: new Set(), targets: new Set(), boxes: [], player: "" };
  drawing.split("\n").forEach((line, row) =>
    [...line].forEach((symbol, col) => {
      const cell = at(row, col);
      if (symbol === "#") board.walls.add(cell);
      if ("O√S".includes(symbol)) board.targets.add(cell);
      if ("X√".includes(symbol)) board.boxes.push(cell);
      if ("PS".includes(symbol)) board.player = cell;
    }),
  );
  return board.player === "" ? undefined : board;
}

/** The first move of a shortest solution, or undefined when none is found within the limit. */
function firstMove(board: Board): Move | undefined {
  const key = (player: string, boxes: string[]) => `${player}|${[...boxes].sort().join(";")}`;
  const seen = new Set([key(board.player, board.boxes)]);
  let frontier: { player: string; boxes: string[]; first: Move | undefined }[] = [{ player: board.player, boxes: board.boxes, first: undefined }];
  while (frontier.length > 0 && seen.size < SEARCH_LIMIT) {
    const next: typeof frontier = [];
    for (const state of frontier) {
      if (state.boxes.every((box) => board.targets.has(box))) return state.first;
      for (const move of MOVES) {
        const ahead = step(state.player, move);
        if (board.walls.has(ahead)) continue;
        let boxes = state.boxes;
        if (boxes.includes(ahead)) {
          const beyond = step(ahead, move);
          if (board.walls.has(beyond) || boxes.includes(beyond)) continue;
          boxes = boxes.map((box) => (box === ahead ? beyond : box));
        }
        const k = key(ahead, boxes);
        if (seen.has(k)) continue;
        seen.add(k);
        next.push({ player: ahead, boxes, first: state.first ?? move });
      }
    }
    frontier = next;
  }
  return undefined;
}

const act = (text: string, [name]: Move) => say(`${text} <action>${name}</action>`);

function play({ turns, correct }: Situation): Action {
  const opening = turns.find((turn) => turn.role === "assistant")?.content;
  const guessing = opening === undefined ? !correct : opening.startsWith(GUESS);
  const board = readBoard(lastUserText(turns));
  if (!board) return say("I cannot see the board.");
  const best = firstMove(board);
  if (guessing) {
    const bump = MOVES.find((move) => board.walls.has(step(board.player, move)));
    const away = best && MOVES.find(([, dr, dc]) => dr === -best[1] && dc === -best[2]);
    return act(`${GUESS}:`, bump ?? away ?? MOVES[0]);
  }
  return best ? act("Next move of the shortest solution:", best) : say("I cannot find a solution.");
}

export default { play } satisfies Skill;
