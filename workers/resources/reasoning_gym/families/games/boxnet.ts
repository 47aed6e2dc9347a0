// boxnet: a JSON list of steps, each {"Agent[x, y]": "move(box_colour, target_colour | square[x, y])"},
// played from the task's initial squares: a box matched with its target in the same square removes
// both; a box moved to an adjacent square goes there; other actions are skipped. Score: the share
// of boxes matched, at least 0.05; unreadable JSON 0. As in the library, a step that is not an
// object, an action that is not a string, an agent key with fewer than two numbers or a move off
// the grid makes the whole answer score 0.
import { isPySpace } from "../../../../../shared/verifiers/python_str.ts";
import { pyFloatRepr } from "../../../../../shared/verifiers/python_float_repr.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";
import { boxnetQuestion } from "./boxnet_question.ts";

type Squares = Map<string, string[]>;
type Destination = string | number[];

// The library's `\d+\.?\d*` (Unicode digits) and float() of each match.
const NUMBER = /\p{Nd}+(?:\.\p{Nd}*)?/gu;
const DIGIT = /\p{Nd}/u;

/** An Nd digit's value: Unicode lays each script's decimal digits out in whole 0..9 runs. */
function digitValue(ch: string): string {
  if (ch >= "0" && ch <= "9") return ch;
  const cp = ch.codePointAt(0)!;
  let below = 0;
  while (DIGIT.test(String.fromCodePoint(cp - below - 1)) && below < 60) below++;
  return String(below % 10);
}

function numbers(text: string): number[] {
  return [...text.matchAll(NUMBER)].map((m) => Number([...m[0]].map((ch) => (ch === "." ? "." : digitValue(ch))).join("")));
}

/** numbers() remembered for the texts an answer repeats (its agent keys and squares). */
function numbersMemo(): (text: string) => number[] {
  const seen = new Map<string, number[]>();
  return (text) => {
    let found = seen.get(text);
    if (!found) seen.set(text, (found = numbers(text)));
    return found;
  };
}

/** `re.match(r"move\((.*?),\s(.*?)\)", action)`: the item and the destination text, or undefined. */
function parseAction(action: string): [string, string] | undefined {
  if (!action.startsWith("move(")) return undefined;
  const newline = action.indexOf("\n");
  const lineEnd = newline < 0 ? action.length : newline;
  let comma = action.indexOf(",", 5);
  while (comma >= 0 && comma < lineEnd && !isPySpace(action[comma + 1] ?? "")) comma = action.indexOf(",", comma + 1);
  if (comma < 0 || comma >= lineEnd) return undefined;
  const from = comma + 2;
  const close = action.indexOf(")", from);
  const nextNewline = action.indexOf("\n", from);
  if (close < 0 || (nextNewline >= 0 && nextNewline < close)) return undefined;
  return [action.slice(5, comma), action.slice(from, close)];
}

function removeFirst(items: string[], item: string): void {
  items.splice(items.indexOf(item), 1);
}

function playStep(squares: Squares, step: unknown, numbers: (text: string) => number[]): void {
  if (typeof step !== "object" || step === null || Array.isArray(step)) throw new TypeError("a step is not an object");
  // Agents keyed by their coordinates, a later key for the same ones replacing the earlier action in its place.
  const actions = new Map<string, [number[], string, Destination]>();
  for (const [key, action] of Object.entries(step)) {
    if (typeof action !== "string") throw new TypeError("an action is not a string");
    const coordinates = numbers(key);
    const parsed = parseAction(action);
    if (!parsed) continue;
    const [item, where] = parsed;
    actions.set(coordinates.map(pyFloatRepr).join(","), [coordinates, item, where.includes("square") ? numbers(where) : where]);
  }
  for (const [at, item, where] of actions.values()) {
    if (at.length < 2) throw new RangeError("an agent key without two coordinates");
    const here = squares.get(`${pyFloatRepr(at[0]!)}_${pyFloatRepr(at[1]!)}`);
    if (!here || !here.includes(item)) continue;
    if (typeof where === "string") {
      if (here.includes(where) && item.startsWith("box_") && where.startsWith("target_") && item.slice(4) === where.slice(7)) {
        removeFirst(here, item);
        removeFirst(here, where);
      }
      continue;
    }
    if (!item.startsWith("box_")) continue;
    if (where.length === 0) throw new RangeError("a square without coordinates");
    const dx = Math.abs(at[0]! - where[0]!);
    const adjacent = dx === 0 ? Math.abs(at[1]! - requireNumber(where[1])) === 1 : dx === 1 && Math.abs(at[1]! - requireNumber(where[1])) === 0;
    if (!adjacent) continue;
    const there = squares.get(`${pyFloatRepr(where[0]!)}_${pyFloatRepr(where[1]!)}`);
    if (!there) throw new RangeError("a move off the grid");
    removeFirst(here, item);
    there.push(item);
  }
}

function requireNumber(x: number | undefined): number {
  if (x === undefined) throw new RangeError("a square without two coordinates");
  return x;
}

const boxes = (squares: Iterable<string[]>) => [...squares].reduce((n, items) => n + items.filter((item) => item.startsWith("box_")).length, 0);

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minRows, maxRows] = configRange(config, "row_num", [1, 4], [1, 50]);
  const [minCols, maxCols] = configRange(config, "column_num", [2, 4], [1, 50]);
  const [minBoxes, maxBoxes] = configRange(config, "box_num", [1, 1], [1, 100]);
  const colours = config.colour_list ?? ["red", "blue", "green"];
  if (!Array.isArray(colours) || colours.length === 0 || !colours.every((c) => typeof c === "string" && /^[a-z]+$/.test(c)))
    throw new RangeError(`colour_list must be a non-empty list of lower-case colour names, got ${JSON.stringify(colours)}`);
  const rows = rng.int(minRows, maxRows);
  const cols = rng.int(minCols, maxCols);
  const name = (r: number, c: number) => `${pyFloatRepr(r + 0.5)}_${pyFloatRepr(c + 0.5)}`;
  const state: Record<string, string[]> = {};
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) state[name(r, c)] = [];
  const anywhere = () => {
    const k = rng.int(0, rows * cols - 1);
    return name(Math.floor(k / cols), k % cols);
  };
  for (const colour of colours as string[])
    for (let n = rng.int(minBoxes, maxBoxes); n > 0; n--) {
      state[anywhere()]!.push(`box_${colour}`);
      state[anywhere()]!.push(`target_${colour}`);
    }
  return {
    question: boxnetQuestion(rows, cols, state),
    answer: null,
    metadata: {
      source_dataset: "boxnet",
      source_index: index,
      row_num: rows,
      column_num: cols,
      initial_state: state,
      difficulty: { row_num: [minRows, maxRows], column_num: [minCols, maxCols], box_num: [minBoxes, maxBoxes] },
    },
  };
}

export default defineFamily({
  name: "boxnet",
  category: "games",
  scorer: "validity",
  generate,
  deviations: ["Only boxes move between squares: the library also lets an agent carry a target (or anything else in its square) to the next square."],
  score(answer, entry) {
    if (answer === null) return 0;
    let plan: unknown;
    try {
      plan = JSON.parse(answer);
    } catch {
      return 0;
    }
    const initial = entry.metadata.initial_state as Record<string, string[]>;
    const squares: Squares = new Map(Object.entries(initial).map(([square, items]) => [square, [...items]]));
    // Python iterates a string's characters and a dict's keys (each then fails as a step, unless there are none).
    if (typeof plan === "string") plan = [...plan];
    else if (typeof plan === "object" && plan !== null && !Array.isArray(plan)) plan = Object.keys(plan);
    if (!Array.isArray(plan)) throw new TypeError("the plan is not a list");
    const memo = numbersMemo();
    for (const step of plan) playStep(squares, step, memo);
    const before = boxes(Object.values(initial));
    if (before === 0) throw new RangeError("a task without boxes");
    return Math.max(0.05, (before - boxes(squares.values())) / before);
  },
});
