// jugs: fill, empty and pour between jugs until one holds the target amount. Any list of moves
// ("fill A", "empty B", "pour A->B") read as Python's json.loads reads the answer that leaves the
// target in some jug at the end scores 1.0; a list that does not, 0.01; a move the library cannot
// read (or an answer that is not JSON), 0.
import { pySplit } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily } from "../family.ts";
import type { Entry } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configInt } from "../support/generator_config.ts";
import { pyJsonLoads } from "../support/python_json.ts";
import { pyIterate } from "../support/python_value.ts";

const jugName = (i: number) => String.fromCharCode(65 + i);

/** The final amounts after `moves`; throws on a move the library's verifier would raise on. */
function run(capacities: readonly number[], moves: Iterable<unknown>): number[] {
  const jug = (name: string | undefined): number => {
    const i = name === undefined || name.length !== 1 ? -1 : name.charCodeAt(0) - 65;
    if (i < 0 || i >= capacities.length) throw new RangeError(`no jug ${name}`);
    return i;
  };
  const state = capacities.map(() => 0);
  for (const move of moves) {
    if (typeof move !== "string") throw new TypeError("a move is not a string");
    const [kind, arg] = pySplit(move);
    if (kind === "fill") state[jug(arg)] = capacities[jug(arg)]!;
    else if (kind === "empty") state[jug(arg)] = 0;
    else if (kind === "pour") {
      if (arg === undefined) throw new RangeError("pour without jugs");
      const parts = arg.split("->");
      if (parts.length !== 2) throw new RangeError(`bad pour ${move}`);
      const [i, j] = [jug(parts[0]), jug(parts[1])];
      const amount = Math.min(state[i]!, capacities[j]! - state[j]!);
      state[i]! -= amount;
      state[j]! += amount;
    } else throw new RangeError(`unknown move ${move}`);
  }
  return state;
}

function score(answer: string | null, entry: Entry): number {
  if (answer === null) return 0;
  const puzzle = entry.metadata.puzzle as { jug_capacities?: unknown; target?: unknown } | undefined;
  const capacities = puzzle?.jug_capacities;
  if (!Array.isArray(capacities) || !capacities.every((c) => Number.isSafeInteger(c))) return 0;
  try {
    const state = run(capacities as number[], pyIterate(pyJsonLoads(answer)));
    return state.some((w) => w === puzzle!.target) ? 1 : 0.01;
  } catch {
    return 0;
  }
}

/** A shortest list of moves from empty jugs to one holding `target` (breadth-first); undefined when none exists. */
export function shortestMoves(capacities: readonly number[], target: number): string[] | undefined {
  const n = capacities.length;
  // A state is one number, jug i's amount its i-th digit in mixed radix (capacity + 1).
  const place = capacities.map((_, i) => capacities.slice(i + 1).reduce((p, c) => p * (c + 1), 1));
  const size = place[0]! * (capacities[0]! + 1);
  const parent = new Int32Array(size).fill(-1);
  const how = new Int32Array(size);
  const amounts = new Array<number>(n);
  parent[0] = 0;
  let frontier = [0];
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const state of frontier) {
      for (let i = 0; i < n; i++) amounts[i] = Math.floor(state / place[i]!) % (capacities[i]! + 1);
      if (amounts.includes(target)) return path(state);
      const visit = (to: number, move: number) => {
        if (parent[to] !== -1) return;
        parent[to] = state;
        how[to] = move;
        next.push(to);
      };
      // Moves numbered: fill i = 3i, empty i = 3i + 1, pour i->j = 3(n + i * n + j).
      for (let i = 0; i < n; i++) {
        visit(state + (capacities[i]! - amounts[i]!) * place[i]!, 3 * i);
        visit(state - amounts[i]! * place[i]!, 3 * i + 1);
      }
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++) {
          if (i === j || amounts[i] === 0 || amounts[j] === capacities[j]) continue;
          const amount = Math.min(amounts[i]!, capacities[j]! - amounts[j]!);
          visit(state - amount * place[i]! + amount * place[j]!, 3 * (n + i * n + j));
        }
    }
    frontier = next;
  }
  return undefined;

  function path(state: number): string[] {
    const moves: string[] = [];
    for (let s = state; s !== 0; s = parent[s]!) {
      const move = how[s]!;
      const k = Math.floor(move / 3) - n;
      moves.push(move % 3 === 0 && k < 0 ? `fill ${jugName(move / 3)}` : k < 0 ? `empty ${jugName((move - 1) / 3)}` : `pour ${jugName(Math.floor(k / n))}->${jugName(k % n)}`);
    }
    return moves.reverse();
  }
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const numJugs = configInt(config, "num_jugs", 3, 3, 10);
  const difficulty = configInt(config, "difficulty", 10, 1, 199);
  // Capacities from 3 to 3 + difficulty and a reachable target, until the fewest moves reach the difficulty.
  for (let attempt = 0; attempt < 10_000; attempt++) {
    const capacities = Array.from({ length: numJugs }, () => rng.int(3, 3 + difficulty));
    const step = capacities.reduce(gcd);
    const targets = Array.from({ length: Math.floor(Math.max(...capacities) / step) }, (_, k) => (k + 1) * step);
    const target = rng.choice(targets);
    const moves = shortestMoves(capacities, target);
    if (!moves || moves.length < difficulty) continue;
    const names = capacities.map((c, i) => `${jugName(i)}:${c}`).join(", ");
    return {
      question: `Jugs ${names} (capacities in litres) start empty. Moves: 'fill A' fills jug A, 'empty B' empties jug B, and 'pour A->B' pours A into B until A is empty or B is full. Get exactly ${target} litres into any one jug.\n\nAnswer with a JSON list of moves, such as ["fill A", "pour A->B"].`,
      answer: `[${moves.map((m) => JSON.stringify(m)).join(", ")}]`,
      metadata: {
        source_dataset: "jugs",
        source_index: index,
        puzzle: { jug_capacities: capacities, target, min_moves: moves.length },
        difficulty: { num_jugs: numJugs, difficulty },
      },
    };
  }
  throw new RangeError(`no puzzle needing ${difficulty} moves with ${numJugs} jugs`);
}

export default defineFamily({ name: "jugs", category: "algorithmic", scorer: "validity", score, generate });
