// arc_agi: ARC-style grid puzzles laid out as "Example N: / Input: / Output:" blocks of
// space-separated digits and a "Test Input:" block: find a transformation (mirror, flip, rotation,
// transpose, scaling, recolouring) that turns every example input into its output, apply it to
// the test input and box the result. Wrong path: the test input is given back unchanged.
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

type Grid = number[][];

interface Puzzle {
  examples: { input: Grid; output: Grid }[];
  test: Grid;
}

const ROW = /^\d+(?: \d+)*$/;

/** The grid in the lines right after `label` (a line of its own), up to the first non-grid line. */
function gridsAfter(lines: readonly string[], label: string): Grid[] {
  const grids: Grid[] = [];
  lines.forEach((line, i) => {
    if (line.trim() !== label) return;
    const rows: Grid = [];
    for (let j = i + 1; j < lines.length && ROW.test(lines[j]!.trim()); j++) rows.push(lines[j]!.trim().split(" ").map(Number));
    if (rows.length > 0) grids.push(rows);
  });
  return grids;
}

function parsePuzzle(prompt: string): Puzzle | undefined {
  const lines = prompt.split("\n");
  const inputs = gridsAfter(lines, "Input:");
  const outputs = gridsAfter(lines, "Output:");
  const [test] = gridsAfter(lines, "Test Input:");
  if (test === undefined || inputs.length === 0 || inputs.length !== outputs.length) return undefined;
  return { examples: inputs.map((input, i) => ({ input, output: outputs[i]! })), test };
}

const same = (a: Grid, b: Grid) => JSON.stringify(a) === JSON.stringify(b);
const transpose = (g: Grid): Grid => (g[0] ?? []).map((_, c) => g.map((row) => row[c]!));
const mirror = (g: Grid): Grid => g.map((row) => [...row].reverse());
const flip = (g: Grid): Grid => [...g].reverse();
const scale = (k: number) => (g: Grid): Grid => g.flatMap((row) => Array.from({ length: k }, () => row.flatMap((cell) => Array<number>(k).fill(cell))));

const GEOMETRIC: [string, (g: Grid) => Grid][] = [
  ["a left-right mirror", mirror],
  ["an upside-down flip", flip],
  ["a quarter turn clockwise", (g) => mirror(transpose(g))],
  ["a half turn", (g) => flip(mirror(g))],
  ["a quarter turn anticlockwise", (g) => flip(transpose(g))],
  ["a transpose", transpose],
  ["scaling by 2", scale(2)],
  ["scaling by 3", scale(3)],
];

/** One colour for another, the same wherever it occurs in the examples; undefined when none is. */
function colourMap(examples: Puzzle["examples"]): Map<number, number> | undefined {
  const map = new Map<number, number>();
  for (const { input, output } of examples) {
    if (input.length !== output.length) return undefined;
    for (const [r, row] of input.entries()) {
      if (row.length !== output[r]!.length) return undefined;
      for (const [c, cell] of row.entries()) {
        const to = output[r]![c]!;
        if ((map.get(cell) ?? to) !== to) return undefined;
        map.set(cell, to);
      }
    }
  }
  return map;
}

function solve({ examples, test }: Puzzle): { rule: string; grid: Grid } | undefined {
  const fits = GEOMETRIC.find(([, f]) => examples.every(({ input, output }) => same(f(input), output)));
  if (fits) return { rule: fits[0], grid: fits[1](test) };
  const colours = colourMap(examples);
  if (colours) return { rule: "a recolouring", grid: test.map((row) => row.map((cell) => colours.get(cell) ?? cell)) };
  return undefined;
}

function play({ turns, correct }: Situation): Action {
  const puzzle = parsePuzzle(lastUserText(turns));
  const solved = puzzle && solve(puzzle);
  if (!puzzle || !solved) return decline("I could not find a transformation that fits every example.");
  if (!correct) return say(`The outputs look like the inputs, so the test output is the test input:\n\n\\boxed{${JSON.stringify(puzzle.test)}}`);
  return say(`Every example is ${solved.rule} of its input. Applying it to the test input:\n\n\\boxed{${JSON.stringify(solved.grid)}}`);
}

export default { play } satisfies Skill;
