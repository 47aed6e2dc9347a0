// bf: the output of a Brainf*ck program; the library's base scorer (the stored output exactly, or
// its share of a longer answer that contains it).
import { defaultScore } from "../default_score.ts";
import { defineFamily, type Entry } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configInt } from "../support/generator_config.ts";
import { runBf } from "./brainfuck.ts";

// Our own five-letter words (the library prints one of Wordle's).
const WORDS = "amber bloom cider dwell ember flint glide haste ivory joker knack lemon mirth noble ocean pearl quilt raven spice tulip umbra vivid waltz yield zesty brisk charm drift frost grasp".split(" ");

const repeat = (c: string, n: number) => c.repeat(Math.max(0, n));

/**
 * Code adding `amount` to the cell under the pointer, by loops up to `depth` deep whose counters
 * are the cells `offset` and further right (zero before and after): amount = factor * inner +
 * rest, the inner amount added the same way one level down. Starts and ends on the cell.
 */
function addWithLoops(rng: Rng, amount: number, depth: number, offset = 1): string {
  if (depth === 0 || amount < 6) return repeat("+", amount);
  const factor = rng.int(2, Math.min(12, Math.floor(Math.sqrt(amount))));
  const inner = Math.floor(amount / factor);
  const [to, back] = [repeat(">", offset), repeat("<", offset)];
  return `${to}${repeat("+", factor)}[${back}${addWithLoops(rng, inner, depth - 1, offset + 1)}${to}-]${back}${repeat("+", amount - factor * inner)}`;
}

/** A program printing `text`: each character built in the next cell by loops `depth` deep. */
function printer(rng: Rng, text: string, depth: number): string {
  return [...text].map((ch) => `${addWithLoops(rng, ch.charCodeAt(0), depth)}.>`).join("");
}

function generate(rng: Rng, config: Record<string, unknown>, index: number): Entry {
  const difficulty = configInt(config, "difficulty", 1, 1, 3);
  let text: string;
  if (difficulty === 1) text = rng.choice(WORDS);
  else {
    // As the library's harder programs: the value an accumulating loop stops at.
    const [x, y] = difficulty === 2 ? [rng.int(1, 4), rng.int(1, 5)] : [rng.int(1, 7), rng.int(1, 9)];
    const target = x * y * rng.int(1, 9) + rng.int(1, 9) + (difficulty === 3 ? 50 : 0);
    const threshold = target - (difficulty === 3 ? rng.int(1, 40) : 0);
    let acc = 0;
    while (acc < target) acc += difficulty === 2 || acc + x > threshold ? x + y : x;
    text = String(acc);
  }
  const program = printer(rng, text, difficulty);
  const output = runBf(program);
  return {
    question: `What does this Brainf*ck program print?\n\n${program}\n\nAnswer with its exact output only.`,
    answer: output,
    metadata: { source_dataset: "bf", source_index: index, bf_program: program, difficulty: { difficulty } },
  };
}

export default defineFamily({ name: "bf", category: "code", scorer: "default", score: defaultScore, generate });
