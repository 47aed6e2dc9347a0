// A small Go position for the tsumego generator: random stones that all keep a liberty, then a
// white group (a plus, L or T shape) whose liberties are all filled by black but one, the key
// point, where black captures it. Kept only when the key point is black's one capturing move.
import type { Rng } from "../rng.ts";

type Board = string[][];
const STEPS = [[-1, 0], [1, 0], [0, -1], [0, 1]] as const;
const SHAPES = [
  [[0, 0], [-1, 0], [1, 0], [0, -1]],
  [[0, 0], [0, 1], [1, 0]],
  [[0, -1], [0, 0], [0, 1], [1, 0]],
] as const;

const inside = (board: Board, r: number, c: number) => r >= 0 && c >= 0 && r < board.length && c < board.length;

/** The group of the stone at (r, c) and its liberties. */
function group(board: Board, r: number, c: number): { stones: number[][]; liberties: Set<string> } {
  const colour = board[r]![c];
  const stones = [[r, c]];
  const seen = new Set([`${r},${c}`]);
  const liberties = new Set<string>();
  for (let k = 0; k < stones.length; k++) {
    const [sr, sc] = stones[k]!;
    for (const [dr, dc] of STEPS) {
      const [nr, nc] = [sr! + dr, sc! + dc];
      if (!inside(board, nr, nc) || seen.has(`${nr},${nc}`)) continue;
      if (board[nr]![nc] === ".") liberties.add(`${nr},${nc}`);
      else if (board[nr]![nc] === colour) {
        seen.add(`${nr},${nc}`);
        stones.push([nr, nc]);
      }
    }
  }
  return { stones, liberties };
}

const everyGroupBreathes = (board: Board) => board.every((row, r) => row.every((v, c) => v === "." || group(board, r, c).liberties.size > 0));

/** Whether black at the empty point (r, c) would take a white group's last liberty. */
function captures(board: Board, r: number, c: number): boolean {
  return STEPS.some(([dr, dc]) => {
    const [nr, nc] = [r + dr, c + dc];
    if (!inside(board, nr, nc) || board[nr]![nc] !== "O") return false;
    const { liberties } = group(board, nr, nc);
    return liberties.size === 1 && liberties.has(`${r},${c}`);
  });
}

/** A position and its key point [row, column], or undefined when this draw does not make one. */
export function capturePosition(rng: Rng, size: number, stones: number): { board: Board; key: [number, number] } | undefined {
  const board: Board = Array.from({ length: size }, () => Array<string>(size).fill("."));
  for (let placed = 0, tries = 0; placed < stones && tries < 1000; tries++) {
    const [r, c] = [rng.int(0, size - 1), rng.int(0, size - 1)];
    if (board[r]![c] !== ".") continue;
    board[r]![c] = rng.chance(0.5) ? "X" : "O";
    if (everyGroupBreathes(board)) placed++;
    else board[r]![c] = ".";
  }
  const [r, c] = [rng.int(1, size - 2), rng.int(1, size - 2)];
  const shape = rng.choice(SHAPES).map(([dr, dc]) => [r + dr, c + dc] as const);
  if (shape.some(([sr, sc]) => board[sr]![sc] !== ".")) return undefined;
  for (const [sr, sc] of shape) board[sr]![sc] = "O";
  const liberties = [...group(board, r, c).liberties];
  if (liberties.length < 2) return undefined;
  const keyName = rng.choice(liberties);
  for (const name of liberties) if (name !== keyName) board[Number(name.split(",")[0])]![Number(name.split(",")[1])] = "X";
  const key = keyName.split(",").map(Number) as [number, number];
  if (!everyGroupBreathes(board)) return undefined;
  const capturing = board.flatMap((row, i) => row.flatMap((v, j) => (v === "." && captures(board, i, j) ? [[i, j]] : [])));
  return capturing.length === 1 && capturing[0]![0] === key[0] && capturing[0]![1] === key[1] ? { board, key } : undefined;
}
