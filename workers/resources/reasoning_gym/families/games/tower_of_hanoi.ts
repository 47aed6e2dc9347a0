// tower_of_hanoi: one "Move disk X from Peg Y to Peg Z" per line. Every move legal (the top disk,
// never onto a smaller one) and all disks on the target peg at the end: 1.0 in at most the stored
// solution's number of moves, else that number over the moves used; legal but unsolved: 0.05; a
// line that is not such a move, or an illegal move: 0.
import { pySplit, pyStrip } from "../../../../../shared/verifiers/python_str.ts";
import { pyInt } from "../support/python_int.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";
import { frameStewart } from "./frame_stewart.ts";

// str.splitlines() boundaries.
const LINE_BREAK = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/;
const MOVE = /Move disk (\p{Nd}+) from Peg (\p{Nd}+) to Peg (\p{Nd}+)/u;

/** An int() as a peg or disk number; NaN where int() would raise, a number no peg has where it is beyond exact. */
function intOf(text: string): number {
  const n = pyInt(text);
  return n === undefined ? Number.NaN : Number(n);
}

/** The non-blank lines, stripped, one at a time: a long answer that fails early costs little. */
function* lines(text: string): Generator<string> {
  const breaks = new RegExp(LINE_BREAK.source, "g");
  let start = 0;
  for (let br = breaks.exec(text); ; br = breaks.exec(text)) {
    const line = pyStrip(text.slice(start, br ? br.index : text.length));
    if (line) yield line;
    if (!br) return;
    start = br.index + br[0].length;
  }
}

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  // Frame-Stewart solutions grow fast with the disks: 20 disks on 3 pegs is a million moves.
  const [minDisks, maxDisks] = configRange(config, "disks", [3, 7], [1, 20]);
  const [minPegs, maxPegs] = configRange(config, "pegs", [3, 4], [3, 20]);
  const disks = rng.int(minDisks, maxDisks);
  const pegCount = rng.int(minPegs, maxPegs);
  const pegs = Array.from({ length: pegCount }, (_, k) => k + 1);
  const [start, target] = rng.sample(pegs, 2) as [number, number];
  const moves = frameStewart(disks, start, target, pegs.filter((p) => p !== start && p !== target));
  return {
    question: `Tower of Hanoi with ${disks} disks and ${pegCount} pegs (Peg 1 to Peg ${pegCount}): all disks start on Peg ${start}, largest at the bottom. Move them all to Peg ${target}, one disk at a time, never putting a disk on a smaller one.\nWrite one move per line, exactly as 'Move disk X from Peg Y to Peg Z', and nothing else.`,
    answer: moves.join("\n"),
    metadata: {
      source_dataset: "tower_of_hanoi",
      source_index: index,
      num_disks: disks,
      num_pegs: pegCount,
      start_peg: start,
      target_peg: target,
      auxiliary_pegs: pegs.filter((p) => p !== start && p !== target),
      solution_length: moves.length,
      difficulty: { num_disks: [minDisks, maxDisks], num_pegs: [minPegs, maxPegs] },
    },
  };
}

export default defineFamily({
  name: "tower_of_hanoi",
  category: "games",
  scorer: "validity",
  generate,
  score(answer, entry) {
    if (!answer) return 0;
    const { num_disks: disks, num_pegs: pegCount, start_peg: start, target_peg: target, solution_length: solutionLength } = entry.metadata;
    if (typeof disks !== "number" || typeof pegCount !== "number") throw new TypeError("tower_of_hanoi needs num_disks and num_pegs");
    let moves = 0;
    const pegs = new Map<number, number[]>();
    for (let peg = 1; peg <= pegCount; peg++) pegs.set(peg, []);
    const startPeg = pegs.get(start as number);
    if (!startPeg) throw new TypeError("start_peg is not a peg");
    for (let disk = disks; disk >= 1; disk--) startPeg.push(disk);
    for (const move of lines(pyStrip(answer))) {
      moves++;
      const match = MOVE.exec(move);
      if (!match) return 0;
      // The library validates the move by its words, then performs it by the pattern's numbers.
      const words = pySplit(move);
      if (words.length !== 9) return 0;
      const [disk, from, to] = [intOf(words[2]!), intOf(words[5]!), intOf(words[8]!)];
      if (Number.isNaN(disk) || Number.isNaN(from) || Number.isNaN(to)) return 0;
      const source = pegs.get(from);
      const dest = pegs.get(to);
      if (!source || !dest || source.at(-1) !== disk) return 0;
      if (dest.length > 0 && dest.at(-1)! < disk) return 0;
      const [performedFrom, performedTo] = [intOf(match[2]!), intOf(match[3]!)];
      const moved = pegs.get(performedFrom)?.pop();
      const landing = pegs.get(performedTo);
      if (moved === undefined || !landing) throw new RangeError("move to or from no peg");
      landing.push(intOf(match[1]!));
    }
    const finalPeg = pegs.get(target as number);
    if (!finalPeg) throw new TypeError("target_peg is not a peg");
    const solved = finalPeg.length === disks && finalPeg.every((d, i) => d === disks - i);
    if (!solved) return 0.05;
    const optimal = typeof solutionLength === "number" ? solutionLength : moves;
    return moves <= optimal ? 1 : optimal / moves;
  },
});
