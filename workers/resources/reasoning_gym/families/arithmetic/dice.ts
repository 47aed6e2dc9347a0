// dice: the probability of rolling at least a total, as a reduced fraction. The answer must be the
// stored fraction exactly, ignoring case and line breaks; anything else scores 0.
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configInt } from "../support/generator_config.ts";

const folded = (text: string) => text.toLowerCase().replaceAll("\n", "");

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** How many of the equally likely rolls of `dice` total at least `target`, and how many rolls there are. */
function waysAtLeast(dice: readonly number[], target: number): [bigint, bigint] {
  let counts = [1n]; // counts[s]: rolls of the dice so far totalling s
  for (const sides of dice) {
    // next[t] sums counts[t - sides .. t - 1]: a window sliding along the totals.
    const next = new Array<bigint>(counts.length + sides).fill(0n);
    let window = 0n;
    for (let t = 1; t < next.length; t++) {
      window += counts[t - 1] ?? 0n;
      if (t - sides - 1 >= 0) window -= counts[t - sides - 1]!;
      next[t] = window;
    }
    counts = next;
  }
  const ways = counts.slice(Math.max(0, target)).reduce((a, b) => a + b, 0n);
  return [ways, dice.reduce((product, sides) => product * BigInt(sides), 1n)];
}

/** A JSON-safe integer: a number while exact, else its decimal text. */
const jsonInt = (n: bigint): number | string => (n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n.toString());

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const numDice = configInt(config, "num_dice", 4, 1, 50);
  const maxSize = configInt(config, "max_dice_size", 20, 2, 100);
  // One die of the largest size, the others smaller (2-sided when the largest is 2), largest first.
  const dice = [maxSize, ...Array.from({ length: numDice - 1 }, () => (maxSize > 2 ? rng.int(2, maxSize - 1) : 2))].sort((a, b) => b - a);
  const lowest = numDice;
  const highest = dice.reduce((a, b) => a + b, 0);
  // A target in the middle third of the possible totals.
  const target = rng.int(lowest + Math.floor((highest - lowest) / 3), lowest + Math.floor((2 * (highest - lowest)) / 3));
  const [ways, total] = waysAtLeast(dice, target);
  const common = gcd(ways, total);
  const [num, den] = [ways / common, total / common];
  const diceStr = dice.map((sides) => `1d${sides}`).join(", ");
  return {
    question: `You roll ${diceStr} together (1dN is one N-sided die). What is the probability that the faces sum to ${target} or more? Give it as a fraction in lowest terms, like 3/8.`,
    answer: `${num}/${den}`,
    metadata: {
      source_dataset: "dice",
      source_index: index,
      puzzle: { dice_str: diceStr, target, num: jsonInt(num), den: jsonInt(den), probability: Number(ways) / Number(total) },
      difficulty: { num_dice: numDice, max_dice_size: maxSize },
    },
  };
}

export default defineFamily({
  name: "dice",
  category: "arithmetic",
  scorer: "own",
  score: (answer, entry) => (answer !== null && typeof entry.answer === "string" && folded(answer) === folded(entry.answer) ? 1 : 0),
  generate,
});
