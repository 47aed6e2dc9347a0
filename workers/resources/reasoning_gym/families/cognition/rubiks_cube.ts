// rubiks_cube: solve a scrambled cube in Singmaster notation; any sequence that solves it counts.
// The stored scramble is replayed, then the answer's moves: solved 1.0, anything else (unsolved,
// or a move the cube's parser refuses) 0.01. The library means to give the share of stickers in
// place instead, but its partial_score reads `cube.faces`, which magiccube 0.3.0's Cube lacks, so
// every unsolved answer lands in its except branch: 0.01 (its tests pin that).
import { pySplit, pythonInt } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily, type Entry } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configInt, configRange } from "../support/generator_config.ts";
import { MagicCube, parseMove, type Move } from "./magic_cube.ts";

// A move with a repeat count: base without digits, then digits (\d, Unicode digits, as Python's re).
const REPEATED = /^(\P{Nd}*)(\p{Nd}*)$/u;
// Cubes past this size are refused (the library's configs stop at 7): bounded work per move.
const MAX_SIZE = 16;

/**
 * A word's move and repeat count, as the library expands "R2" to "R R": no move for a word it
 * drops or expands to nothing; undefined where its int() refuses the count. Each quarter turn is
 * of order 4, so the move turns count mod 4 times: a count costs nothing however large.
 */
function expandWord(word: string): { base: string; times: number; count: bigint } | undefined {
  const match = REPEATED.exec(word);
  // A word with a digit before a letter is dropped by the library's expansion.
  if (!match) return { base: "", times: 0, count: 0n };
  const [, base, digits] = match as unknown as [string, string, string];
  if (digits === "") return { base, times: 1, count: 1n };
  const count = pythonInt(digits);
  if (count === undefined) return undefined;
  return { base, times: Number(count % 4n), count };
}

type Turn = { move: Move; times: number };

/** The answer's turns (each parsed once per distinct word); "unreadable" where the library scores it 0.01 without turning. */
function answerTurns(answer: string, size: number): Turn[] | "unreadable" {
  const known = new Map<string, Turn | null>();
  const turns: Turn[] = [];
  for (const word of pySplit(answer)) {
    let turn = known.get(word);
    if (turn === undefined) {
      const expansion = expandWord(word);
      if (expansion === undefined) return "unreadable";
      if (expansion.count === 0n || expansion.base === "") turn = null;
      else {
        try {
          // magiccube parses every move before it turns any: one bad move and none turn.
          turn = { move: parseMove(expansion.base, size), times: expansion.times };
        } catch {
          return "unreadable";
        }
      }
      known.set(word, turn);
    }
    if (!turn) continue;
    // The same move again adds to the last turn (each is of order 4).
    const last = turns[turns.length - 1];
    if (last?.move === turn.move) last.times = (last.times + turn.times) % 4;
    else turns.push({ ...turn });
  }
  return turns;
}

/**
 * The cube's net as magiccube prints it (U above, then L F R B side by side, D below), each
 * sticker its colour letter padded to three characters.
 */
function render(cube: MagicCube): string {
  const n = cube.n;
  const cells = (row: string[]) => row.map((colour) => ` ${colour} `).join("");
  const lines: string[] = [];
  for (const row of cube.face("U")) lines.push(" ".repeat(3 * n) + cells(row));
  const sides = (["L", "F", "R", "B"] as const).map((f) => cube.face(f));
  for (let r = 0; r < n; r++) lines.push(sides.map((face) => cells(face[r]!)).join(""));
  for (const row of cube.face("D")) lines.push(" ".repeat(3 * n) + cells(row));
  return lines.join("\n");
}

// One scramble move as magiccube writes it: the layer only where it is not the default (1, or 2 for a wide move).
const moveText = (face: string, prime: boolean, wide: boolean, layer: number) => `${(wide ? layer !== 2 : layer !== 1) ? layer : ""}${face}${wide ? "w" : ""}${prime ? "'" : ""}`;

function generate(rng: Rng, config: Record<string, unknown>, index: number): Entry {
  const size = configInt(config, "cube_size", 3, 2, 7);
  const [min, max] = configRange(config, "scramble_steps", [3, 10], [1, 10_000]);
  const steps = rng.int(min, max);
  const scramble: string[] = [];
  const undo: string[] = [];
  for (let i = 0; i < steps; i++) {
    const face = rng.choice(["L", "R", "D", "U", "B", "F"]);
    const prime = rng.chance(0.5);
    // As the library, wide moves on cubes above 3; but only one or two layers deep, the depths an
    // answer can write (the library's answer expansion drops a layer number before a face).
    const wide = size > 3 && rng.chance(0.5);
    const layer = wide ? rng.int(1, 2) : 1;
    scramble.push(moveText(face, prime, wide, layer));
    // Undone by the opposite turn; a one-layer wide move is the plain face turn.
    undo.unshift(`${face}${wide && layer === 2 ? "w" : ""}${prime ? "" : "'"}`);
  }
  const cube = new MagicCube(size);
  for (const token of scramble) cube.turn(parseMove(token, size), 1);
  return {
    question: `Here is a scrambled ${size}x${size}x${size} Rubik's cube (colour letters; up face on top, then left, front, right, back, and down at the bottom):\n\n${render(cube)}\n\nGive a sequence of moves in Singmaster notation that solves it, one quarter turn per move: write U U rather than U2.`,
    answer: null,
    metadata: {
      source_dataset: "rubiks_cube",
      source_index: index,
      cube_size: size,
      scramble_steps: steps,
      scramble_moves: scramble.join(" "),
      example_correct_answer: undo.join(" "),
      difficulty: { cube_size: size, scramble_steps: [min, max] },
    },
  };
}

export default defineFamily({
  name: "rubiks_cube",
  category: "cognition",
  scorer: "validity",
  score(answer, entry) {
    if (answer === null) return 0;
    const size = entry.metadata.cube_size;
    const scramble = entry.metadata.scramble_moves;
    if (typeof size !== "number" || !Number.isInteger(size) || size < 2 || size > MAX_SIZE || typeof scramble !== "string") throw new Error("rubiks_cube metadata needs cube_size and scramble_moves");
    const cube = new MagicCube(size);
    for (const token of scramble.split(" ").filter(Boolean)) {
      const move = parseMove(token, size);
      cube.turn(move, move.count);
    }
    const turns = answerTurns(answer, size);
    if (turns === "unreadable") return 0.01;
    for (const { move, times } of turns) cube.turn(move, times);
    return cube.isDone() ? 1 : 0.01;
  },
  generate,
  deviations: ["A move's repeat count (R5, R'12) turns it count mod 4 times however large the count, where the library expands it move by move and runs out of memory (scoring 0.01) on counts of about a billion."],
});
