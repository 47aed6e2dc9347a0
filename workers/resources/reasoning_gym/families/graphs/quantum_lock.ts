// quantum_lock: the shortest sequence of button presses taking a number from its start to a
// target, where a button works only while the light shows its colour and every working press
// toggles the light. The answer's letters A..C (in any case, anything else ignored): the stored
// sequence 1.0; another sequence reaching the target 1.0 if as short, 0.5 if longer; else 0.
import { defineFamily, type Entry, type Metadata } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configInt } from "../support/generator_config.ts";

interface Button {
  name?: unknown;
  type?: unknown;
  value?: unknown;
  active_state?: unknown;
}

const presses = (text: string): string[] => text.toUpperCase().match(/[A-C]/g) ?? [];

/**
 * The number after pressing `sequence`. Plain doubles suffice: values start small and move by
 * +-3 or x3 at most a press, so once past 2^53 (where doubles stop being exact) no sequence of
 * a bounded answer's length can come back to a small target.
 */
function simulate(metadata: Metadata, sequence: readonly string[]): number {
  let value = Number(metadata.initial_value);
  let light = metadata.initial_state;
  const buttons = new Map<unknown, Button>();
  for (const button of metadata.buttons as Button[]) buttons.set(button.name, button);
  for (const press of sequence) {
    const button = buttons.get(press);
    if (!button) continue;
    if (button.active_state !== light && button.active_state !== "any") continue;
    const operand = Number(button.value);
    if (button.type === "add") value += operand;
    else if (button.type === "subtract") value -= operand;
    else if (button.type === "multiply") value *= operand;
    light = light === "red" ? "green" : "red";
  }
  return value;
}

// A search that finds this many states without reaching the target gives the puzzle up for another.
const MAX_STATES = 20_000;
const STATE_WEIGHTS: [string, number][] = [["any", 4], ["green", 2], ["red", 1]];

interface Puzzle {
  buttons: { name: string; type: string; value: number; active_state: string }[];
  target: number;
  solution: string[];
}

/** Three distinct buttons and a target, with the shortest sequence reaching it (breadth-first, as many presses as the library allows); undefined when none is found. */
function puzzle(rng: Rng, difficulty: number): Puzzle | undefined {
  const values: Record<string, number[]> = { add: difficulty >= 5 ? [2, 3] : [1, 2], subtract: difficulty >= 5 ? [2, 3] : [1, 2], multiply: difficulty >= 7 ? [2, 3] : [2] };
  const buttons: Puzzle["buttons"] = [];
  while (buttons.length < 3) {
    const type = rng.choice(["add", "subtract", "multiply"]);
    const value = rng.choice(values[type]!);
    let pick = rng.float() * 7;
    const active = STATE_WEIGHTS.find(([, w]) => (pick -= w) < 0)?.[0] ?? "red";
    if (buttons.some((b) => b.type === type && b.value === value && b.active_state === active)) continue;
    buttons.push({ name: String.fromCharCode(65 + buttons.length), type, value, active_state: active });
  }
  const base = 5 + difficulty ** 1.5;
  const target = Math.max(8, Math.trunc(base + rng.int(-Math.trunc(base * 0.2), Math.trunc(base * 0.3))));
  const maxSteps = Math.min(15, 6 + Math.trunc(difficulty * 1.5));
  // Breadth-first over (value, light), each state reached once, with a link to the state before:
  // the first state found at the target ends a shortest sequence (the start, 0, is never it).
  const states: { value: number; light: string; depth: number; from: number; button: string }[] = [{ value: 0, light: "red", depth: 0, from: -1, button: "" }];
  const seen = new Set(["0 red"]);
  for (let head = 0; head < states.length && states.length < MAX_STATES; head++) {
    const { value, light, depth } = states[head]!;
    if (depth >= maxSteps) continue;
    for (const b of buttons) {
      if (b.active_state !== light && b.active_state !== "any") continue;
      const next = b.type === "add" ? value + b.value : b.type === "subtract" ? value - b.value : value * b.value;
      const nextLight = light === "red" ? "green" : "red";
      const key = `${next} ${nextLight}`;
      if (seen.has(key)) continue;
      seen.add(key);
      states.push({ value: next, light: nextLight, depth: depth + 1, from: head, button: b.name });
      if (next === target) {
        const solution: string[] = [];
        for (let k = states.length - 1; k > 0; k = states[k]!.from) solution.unshift(states[k]!.button);
        return { buttons, target, solution };
      }
    }
  }
  return undefined;
}

function generate(rng: Rng, config: Record<string, unknown>, index: number): Entry {
  const most = configInt(config, "difficulty", 10, 1, 100);
  const difficulty = rng.int(1, most);
  let found: Puzzle | undefined;
  for (let attempt = 0; attempt < 1000 && !found; attempt++) found = puzzle(rng, difficulty);
  if (!found) throw new Error(`no solvable quantum_lock puzzle found at difficulty ${difficulty}`);
  const { buttons, target, solution } = found;
  const lines = [
    "A lock shows a number and a light that is red or green. Each button below changes the number, but only while the light shows the colour it names (or at any time); every press that works toggles the light.",
    "Press the fewest buttons that bring the number to the target. Answer with the buttons in order, separated by '→' (for example: A → B → C).",
    "",
    `Start: 0 (red)`,
    `Target: ${target}`,
    "Buttons:",
    ...buttons.map((b) => `${b.name}: ${b.type} ${b.value} (${b.active_state === "any" ? "at any time" : `when ${b.active_state}`})`),
  ];
  return {
    question: lines.join("\n"),
    answer: solution.join(" → "),
    metadata: { source_dataset: "quantum_lock", source_index: index, solution_path: solution, target_value: target, buttons, initial_state: "red", initial_value: 0, difficulty: { difficulty } },
  };
}

export default defineFamily({
  name: "quantum_lock",
  category: "graphs",
  scorer: "validity",
  score(answer, entry) {
    if (answer === null) return 0;
    if (typeof entry.answer !== "string" || !Array.isArray(entry.metadata.buttons)) throw new Error("quantum_lock needs the stored answer and buttons");
    const given = presses(answer);
    const stored = presses(entry.answer);
    if (given.length === stored.length && given.every((p, i) => p === stored[i])) return 1;
    if (simulate(entry.metadata, given) !== Number(entry.metadata.target_value)) return 0;
    return given.length === stored.length ? 1 : 0.5;
  },
  generate,
});
