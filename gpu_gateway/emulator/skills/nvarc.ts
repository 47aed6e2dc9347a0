// nvarc: ARC-AGI prompts laid out as "Train Example N: / Input: / Output:" blocks of digit rows
// (written with or without spaces) and a "Test Input:" block. The skill looks for a rule that turns
// every train input into its output: a flip, rotation or transpose, or two halves either side of a
// one-colour separator column combined cell by cell (both set: the output colour). Asked for a
// program (a prompt about a `transform` function), it writes the rule in Python; else it boxes the
// rule's grid for the test input. Wrong path: the test input back unchanged (`return grid`).
import { lastUserText, systemText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

type Grid = number[][];

interface Rule {
  apply(grid: Grid): Grid | undefined;
  python: string;
}

const ROW = /^\d+(?: \d+)*$/;

function gridAt(lines: readonly string[], from: number): Grid {
  const rows: Grid = [];
  for (let j = from; j < lines.length && ROW.test(lines[j]!.trim()); j++) {
    const line = lines[j]!.trim();
    rows.push((line.includes(" ") ? line.split(" ") : [...line]).map(Number));
  }
  return rows;
}

function parsePuzzle(prompt: string): { pairs: { input: Grid; output: Grid }[]; test: Grid } | undefined {
  const lines = prompt.split("\n");
  const inputs: Grid[] = [];
  const outputs: Grid[] = [];
  let test: Grid | undefined;
  lines.forEach((line, i) => {
    const label = line.trim();
    if (label === "Input:") inputs.push(gridAt(lines, i + 1));
    else if (label === "Output:") outputs.push(gridAt(lines, i + 1));
    else if (label === "Test Input:") test = gridAt(lines, i + 1);
  });
  if (!test?.length || inputs.length === 0 || inputs.length !== outputs.length) return undefined;
  return { pairs: inputs.map((input, i) => ({ input, output: outputs[i]! })), test };
}

const same = (a: Grid, b: Grid) => a.length === b.length && a.every((row, i) => row.length === b[i]!.length && row.every((v, j) => v === b[i]![j]));
const transpose = (g: Grid) => g[0]!.map((_, j) => g.map((row) => row[j]!));

const GEOMETRIC: Rule[] = [
  { apply: (g) => g.map((row) => [...row].reverse()), python: "return [row[::-1] for row in grid]" },
  { apply: (g) => [...g].reverse(), python: "return [list(row) for row in grid[::-1]]" },
  { apply: (g) => [...g].reverse().map((row) => [...row].reverse()), python: "return [row[::-1] for row in grid[::-1]]" },
  { apply: transpose, python: "return [list(row) for row in zip(*grid)]" },
  { apply: (g) => transpose([...g].reverse()), python: "return [list(row) for row in zip(*grid[::-1])]" },
  { apply: (g) => transpose(g).reverse(), python: "return [list(row) for row in zip(*grid)][::-1]" },
];

/** The column index of a one-colour, non-zero column splitting the grid into equal halves. */
function separator(g: Grid): number | undefined {
  const width = g[0]!.length;
  if (width % 2 === 0) return undefined;
  const mid = (width - 1) / 2;
  const colour = g[0]![mid]!;
  return colour !== 0 && g.every((row) => row[mid] === colour) ? mid : undefined;
}

/** Both halves set -> `colour`, else 0. */
function halvesRule(colour: number): Rule {
  return {
    apply(g) {
      const mid = separator(g);
      if (mid === undefined) return undefined;
      return g.map((row) => row.slice(0, mid).map((v, j) => (v !== 0 && row[mid + 1 + j] !== 0 ? colour : 0)));
    },
    python: `mid = len(grid[0]) // 2\n    return [[${colour} if row[j] != 0 and row[mid + 1 + j] != 0 else 0 for j in range(mid)] for row in grid]`,
  };
}

function findRule(pairs: { input: Grid; output: Grid }[]): Rule | undefined {
  const colours = new Set(pairs.flatMap((p) => p.output.flat()).filter((v) => v !== 0));
  const candidates = [...GEOMETRIC, ...[...colours].map(halvesRule)];
  return candidates.find((rule) =>
    pairs.every((p) => {
      const out = p.input.length && p.input[0]!.length ? rule.apply(p.input) : undefined;
      return out !== undefined && same(out, p.output);
    }),
  );
}

function play({ turns, correct }: Situation): Action {
  const puzzle = parsePuzzle(lastUserText(turns));
  if (!puzzle) return decline("I cannot read this puzzle.");
  const rule = findRule(puzzle.pairs);
  if (!rule) return decline("I cannot find the rule.");
  const wantsProgram = /\btransform\b/.test(systemText(turns));
  if (wantsProgram) {
    const body = correct ? rule.python : "return grid";
    return say(`The rule holds for every example.\n\n\`\`\`python\ndef transform(grid: list[list[int]]) -> list[list[int]]:\n    ${body}\n\`\`\``);
  }
  const grid = correct ? rule.apply(puzzle.test) : puzzle.test;
  if (!grid) return decline("The rule does not fit the test input.");
  return say(`\\boxed{${grid.map((row) => row.join(" ")).join("\n")}}`);
}

export default { play } satisfies Skill;
