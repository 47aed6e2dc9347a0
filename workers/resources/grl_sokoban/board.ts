// A Sokoban board and its rules, as gym-sokoban (NeMo Gym's grl_sokoban) plays them: a move
// walks onto floor, or pushes the one box ahead onto floor; anything else does nothing. Each
// move costs 0.1; a box pushed onto a target earns 1, off one costs 1; all boxes on targets
// earns 10 more and ends the episode. Drawn with the reference's symbols.

export interface Board {
  cols: number;
  /** Row-major cells: `#` wall, `_` floor, `O` target; boxes and the player are kept apart. */
  cells: string;
  /** Cell indices of the boxes. */
  boxes: number[];
  player: number;
}

export const DIRECTIONS = ["Up", "Down", "Left", "Right"] as const;
export type Direction = (typeof DIRECTIONS)[number];

export const REWARD = { step: -0.1, boxOnTarget: 1, boxOffTarget: -1, solved: 10 };

/** The cell one step from `cell` in `direction` (the border is all walls, so it stays on the board). */
export function neighbour(board: Pick<Board, "cols">, cell: number, direction: Direction): number {
  return cell + { Up: -board.cols, Down: board.cols, Left: -1, Right: 1 }[direction];
}

export const isWall = (board: Board, cell: number): boolean => board.cells[cell] === "#";
export const boxesOnTargets = (board: Board): number => board.boxes.filter((box) => board.cells[box] === "O").length;
export const solved = (board: Board): boolean => boxesOnTargets(board) === board.boxes.length;

/** The board after one move, and whether anything moved. */
export function move(board: Board, direction: Direction): { board: Board; moved: boolean } {
  const ahead = neighbour(board, board.player, direction);
  if (isWall(board, ahead)) return { board, moved: false };
  const box = board.boxes.indexOf(ahead);
  if (box === -1) return { board: { ...board, player: ahead }, moved: true };
  const beyond = neighbour(board, ahead, direction);
  if (isWall(board, beyond) || board.boxes.includes(beyond)) return { board, moved: false };
  const boxes = board.boxes.map((b, i) => (i === box ? beyond : b));
  return { board: { ...board, boxes, player: ahead }, moved: true };
}

/** A move's reward, from the boxes on targets before and after it. */
export function moveReward(before: Board, after: Board): number {
  const change = boxesOnTargets(after) - boxesOnTargets(before);
  let reward = REWARD.step + (change > 0 ? REWARD.boxOnTarget : change < 0 ? REWARD.boxOffTarget : 0);
  if (solved(after)) reward += REWARD.solved;
  return reward;
}

/** The reference's text rendering: `#` wall, `_` floor, `O` target, `X` box, `√` box on target, `P` player, `S` player on target. */
export function render(board: Board): string {
  const symbols = [...board.cells].map((cell, i) => {
    const target = cell === "O";
    if (board.boxes.includes(i)) return target ? "√" : "X";
    if (board.player === i) return target ? "S" : "P";
    return cell;
  });
  const rows: string[] = [];
  for (let start = 0; start < symbols.length; start += board.cols) rows.push(symbols.slice(start, start + board.cols).join(""));
  return rows.join("\n");
}
