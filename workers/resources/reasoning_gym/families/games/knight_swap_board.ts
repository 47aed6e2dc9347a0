// Knight swap boards for the generator: a connected set of squares of a 4x3 board (A-D, 1-3)
// linked by knight moves, and the shortest swap of the white and black knights by breadth-first
// search over (white squares, black squares, side to move).
import type { Rng } from "../rng.ts";

export type Graph = Record<string, string[]>;
export type Pieces = Record<string, "w" | "B" | null>;

const SQUARES = ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3", "D1", "D2", "D3"];

const knightMove = (a: string, b: string) => {
  const dc = Math.abs(a.charCodeAt(0) - b.charCodeAt(0));
  const dr = Math.abs(Number(a[1]) - Number(b[1]));
  return (dc === 1 && dr === 2) || (dc === 2 && dr === 1);
};

function connected(graph: Graph): boolean {
  const nodes = Object.keys(graph);
  const seen = new Set([nodes[0]!]);
  for (const queue = [nodes[0]!]; queue.length > 0; )
    for (const next of graph[queue.pop()!]!) if (!seen.has(next)) seen.add(next), queue.push(next);
  return seen.size === nodes.length;
}

/** A random connected board of `size` squares, each square's knight-move neighbours sorted. */
export function knightBoard(rng: Rng, size: number, attempts: number): Graph {
  for (let k = 0; k < attempts; k++) {
    const nodes = rng.sample(SQUARES, size);
    const graph: Graph = Object.fromEntries(nodes.map((a) => [a, nodes.filter((b) => knightMove(a, b)).sort()]));
    if (connected(graph)) return graph;
  }
  throw new RangeError(`no connected board of ${size} squares in ${attempts} attempts`);
}

/** The fewest moves ("colour,from,to") that swap the white and black knights, sides alternating; undefined when none do. */
export function solveSwap(graph: Graph, pieces: Pieces, start: "w" | "B"): string[] | undefined {
  // Squares as bits: a state is (white bits, black bits, side to move) packed in one number.
  const squares = Object.keys(graph);
  const bit = new Map(squares.map((s, i) => [s, i]));
  const links = squares.map((s) => graph[s]!.reduce((mask, t) => mask | (1 << bit.get(t)!), 0));
  const maskOf = (colour: string) => squares.reduce((mask, s, i) => (pieces[s] === colour ? mask | (1 << i) : mask), 0);
  const [white, black] = [maskOf("w"), maskOf("B")];
  const pack = (w: number, b: number, turn: number) => w + b * 4096 + turn * 16_777_216;
  const first = pack(white, black, start === "w" ? 0 : 1);
  const from = new Map<number, [number, string] | null>([[first, null]]);
  for (let frontier = [first]; frontier.length > 0; ) {
    const next: number[] = [];
    for (const state of frontier) {
      const [w, b, turn] = [state % 4096, Math.floor(state / 4096) % 4096, Math.floor(state / 16_777_216)];
      if (w === black && b === white) {
        const moves: string[] = [];
        for (let at = from.get(state); at; at = from.get(at[0])) moves.push(at[1]);
        return moves.reverse();
      }
      const own = turn === 0 ? w : b;
      for (let i = 0; i < squares.length; i++) {
        if (!(own & (1 << i))) continue;
        for (let j = 0; j < squares.length; j++) {
          if (!(links[i]! & (1 << j)) || (w | b) & (1 << j)) continue;
          const moved = own - (1 << i) + (1 << j);
          const key = turn === 0 ? pack(moved, b, 1) : pack(w, moved, 0);
          if (from.has(key)) continue;
          from.set(key, [state, `${turn === 0 ? "w" : "B"},${squares[i]},${squares[j]}`]);
          next.push(key);
        }
      }
    }
    frontier = next;
  }
  return undefined;
}

/** The board drawn as rows 3 to 1 and columns A-D of its squares, '.' an empty square, blank no square. */
export function drawBoard(graph: Graph, pieces: Pieces): string {
  const squares = Object.keys(graph);
  const cols = [...new Set(squares.map((s) => s[0]!))].sort();
  const rows = [...new Set(squares.map((s) => s[1]!))].sort().reverse();
  const rule = `   ${"----".repeat(cols.length)}`;
  const lines = [`    ${cols.join("   ")}`, rule];
  for (const r of rows) {
    lines.push(`${r} |${cols.map((c) => (`${c}${r}` in graph ? ` ${pieces[`${c}${r}`] ?? "."} |` : "   |")).join("")}`);
    lines.push(rule);
  }
  return lines.join("\n");
}
