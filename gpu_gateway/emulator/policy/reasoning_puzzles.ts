// reasoning-gym's geometry, probability, logic and graph tasks (a missing angle, coin tosses, a
// logic circuit, a shortest route on a grid), solved from the prompt.
import { slip } from "./arithmetic.ts";
import { between, DIGITS, type Solver } from "./prompt_reading.ts";

export const simpleGeometry: Solver = (prompt) => {
  const sides = between(prompt, "A convex polygon has ", " sides.");
  const angles = between(prompt, " of its interior angles measure ", ". How many degrees is the remaining interior angle?")?.split(", ");
  if (sides === undefined || !DIGITS.test(sides) || !angles) return undefined;
  const values = angles.map((a) => Number(a.replace("°", "")));
  if (values.some((v) => !Number.isFinite(v))) return undefined;
  const missing = 180 * (Number(sides) - 2) - values.reduce((a, b) => a + b, 0);
  const shown = (v: number) => String(Math.round(v * 1e6) / 1e6);
  return { how: `The interior angles of a ${sides}-gon add up to ${180 * (Number(sides) - 2)} degrees.`, right: shown(missing), wrong: shown(slip(missing)) };
};

function binomial(n: number, k: number): bigint {
  let value = 1n;
  for (let i = 0; i < k; i++) value = (value * BigInt(n - i)) / BigInt(i + 1);
  return value;
}

export const coinFlip: Solver = (prompt) => {
  const tosses = between(prompt, "A fair coin is tossed ", " times. What is the probability of ");
  const rest = between(prompt, " times. What is the probability of ", " heads?")?.split(" ");
  if (tosses === undefined || !DIGITS.test(tosses) || !rest) return undefined;
  const n = Number(tosses);
  const k = Number(rest.at(-1));
  const atLeast = rest.slice(0, -1).join(" ") === "at least";
  if (n > 1000 || !DIGITS.test(rest.at(-1)!) || k > n || (!atLeast && rest.slice(0, -1).join(" ") !== "exactly")) return undefined;
  let ways = 0n;
  // C(n, i) for i from k on, each from the one before.
  for (let i = k, ways_i = binomial(n, k); i <= (atLeast ? n : k); ways_i = (ways_i * BigInt(n - i)) / BigInt(i + 1), i++) ways += ways_i;
  const p = Number(ways) * 0.5 ** n;
  const shown = (v: number) => String(Number(v.toPrecision(10)));
  return { how: `Counting the ways to get ${atLeast ? "at least" : "exactly"} ${k} heads among the 2^${n} equally likely outcomes.`, right: shown(p), wrong: shown(p >= 0.5 ? p - 0.25 : p + 0.25) };
};

const GATES: Record<string, (values: boolean[]) => boolean> = {
  AND: (v) => v.every(Boolean),
  NAND: (v) => !v.every(Boolean),
  OR: (v) => v.some(Boolean),
  NOR: (v) => !v.some(Boolean),
  XOR: (v) => v.filter(Boolean).length % 2 === 1,
};

/** "KIND(a, NOT b, ...)" read against the known values; undefined when anything is unknown. */
function gateValue(text: string, values: ReadonlyMap<string, boolean>): boolean | undefined {
  const open = text.indexOf("(");
  const kind = GATES[text.slice(0, open)];
  if (open < 0 || !kind || !text.endsWith(")")) return undefined;
  const inputs = text.slice(open + 1, -1).split(", ").map((literal) => {
    const negated = literal.startsWith("NOT ");
    const value = values.get(negated ? literal.slice(4) : literal);
    return value === undefined ? undefined : value !== negated;
  });
  return inputs.every((v) => v !== undefined) ? kind(inputs as boolean[]) : undefined;
}

export const circuitLogic: Solver = (prompt) => {
  const assignment = between(prompt, "\nWith ", ", what is OUT? Answer 0 or 1.");
  if (assignment === undefined) return undefined;
  const values = new Map<string, boolean>();
  for (const pair of assignment.split(", ")) {
    const [name, value] = pair.split(" = ");
    if (!name || (value !== "0" && value !== "1")) return undefined;
    values.set(name, value === "1");
  }
  let out: boolean | undefined;
  for (const line of prompt.split("\n")) {
    const eq = line.indexOf(" = ");
    const name = line.slice(0, eq);
    if (eq < 0 || !(name === "OUT" || name.startsWith("gate "))) continue;
    const value = gateValue(line.slice(eq + 3), values);
    if (value === undefined) return undefined;
    values.set(name, value);
    if (name === "OUT") out = value;
  }
  if (out === undefined) return undefined;
  return { how: "Evaluating each gate from the inputs, then the output gate from the gates.", right: out ? "1" : "0", wrong: out ? "0" : "1" };
};

const MOVES: readonly (readonly [string, number, number])[] = [["up", -1, 0], ["down", 1, 0], ["left", 0, -1], ["right", 0, 1]];

export const shortestPath: Solver = (prompt) => {
  const at = prompt.indexOf("Find a shortest route from * to # in the grid below.");
  if (at < 0) return undefined;
  const grid: string[][] = [];
  for (const line of prompt.slice(at).split("\n").slice(1)) {
    const cells = line.split(" ");
    if (cells.every((c) => c === "O" || c === "X" || c === "*" || c === "#")) grid.push(cells);
    else break;
  }
  const cols = grid[0]?.length ?? 0;
  if (grid.length === 0 || grid.length * cols > 250_000 || grid.some((r) => r.length !== cols)) return undefined;
  const start = grid.flat().indexOf("*");
  const goal = grid.flat().indexOf("#");
  if (start < 0 || goal < 0) return undefined;
  // Breadth first from the start, remembering how each cell was first reached.
  const came = new Map<number, [number, string]>([[start, [-1, ""]]]);
  const queue = [start];
  for (let i = 0; i < queue.length && !came.has(goal); i++) {
    const [r, c] = [Math.floor(queue[i]! / cols), queue[i]! % cols];
    for (const [move, dr, dc] of MOVES) {
      const [nr, nc] = [r + dr, c + dc];
      const next = nr * cols + nc;
      if (nr < 0 || nr >= grid.length || nc < 0 || nc >= cols || grid[nr]![nc] === "X" || came.has(next)) continue;
      came.set(next, [queue[i]!, move]);
      queue.push(next);
    }
  }
  if (!came.has(goal)) return { how: "No route of open cells joins * to #.", right: "infeasible", wrong: "up" };
  const moves: string[] = [];
  for (let cell = goal; cell !== start; cell = came.get(cell)![0]) moves.unshift(came.get(cell)![1]);
  return { how: "Searching breadth first from * until # is reached.", right: moves.join(" "), wrong: moves.slice(0, -1).join(" ") || "infeasible" };
};

/** reasoning-gym's family name for each task the skill can solve. */
