// reasoning-gym's arithmetic tasks (divisors, products, sums, bits, legs, expressions), solved from the prompt.
import { slip } from "./arithmetic.ts";
import { evaluateInt } from "./int_expression.ts";
import { between, DIGITS, INTEGER, slipBig, slippedCount, type Solver } from "./prompt_reading.ts";

/** The integers of a ", "-separated list, or undefined. */
function integers(list: string | undefined): bigint[] | undefined {
  const items = list?.split(", ");
  return items && items.length > 0 && items.length <= 1000 && items.every((n) => INTEGER.test(n) && n.length < 30) ? items.map(BigInt) : undefined;
}

const gcd = (a: bigint, b: bigint): bigint => {
  [a, b] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
};

export const greatestCommonDivisor: Solver = (prompt) => {
  const numbers = integers(between(prompt, "What is the greatest common divisor of ", "?"));
  if (!numbers) return undefined;
  const value = numbers.reduce(gcd);
  return { how: "Applying Euclid's algorithm to the numbers in turn.", right: value.toString(), wrong: slipBig(value).toString() };
};

export const leastCommonMultiple: Solver = (prompt) => {
  const numbers = integers(between(prompt, "What is the least common multiple of ", "?"));
  if (!numbers || numbers.includes(0n)) return undefined;
  const value = numbers.reduce((a, b) => (a / gcd(a, b)) * b);
  return { how: "Multiplying the numbers in turn and dividing out each common factor.", right: value.toString(), wrong: slipBig(value).toString() };
};

export const products: Solver = (prompt) => {
  const factors = between(prompt, "Multiply: ", ". Reply with the product alone.")?.split(" * ");
  if (!factors || !factors.every((n) => INTEGER.test(n) && n.length < 30)) return undefined;
  const value = factors.map(BigInt).reduce((a, b) => a * b, 1n);
  return { how: "Multiplying the factors one after another.", right: value.toString(), wrong: slipBig(value).toString() };
};

export const chainSum: Solver = (prompt) => {
  const expression = between(prompt, "Work out ", " and give the final number.");
  const value = expression === undefined ? undefined : evaluateInt(expression);
  if (value === undefined) return undefined;
  return { how: "Adding and subtracting the terms from left to right.", right: value.toString(), wrong: slipBig(value).toString() };
};

export const countBits: Solver = (prompt) => {
  const number = between(prompt, "Write ", " in binary. How many of its digits are 1?");
  if (number === undefined || !DIGITS.test(number) || number.length > 100) return undefined;
  const ones = [...BigInt(number).toString(2)].filter((b) => b === "1").length;
  return { how: `Writing ${number} in binary and counting its 1 digits.`, right: String(ones), wrong: slippedCount(ones) };
};

// Legs of the animals a field may hold: what a model knows of them.
const LEGS: Readonly<Record<string, number>> = {
  snake: 0, "sea slug": 0, jellyfish: 0, flatworm: 0, leech: 0, chicken: 2, bird: 2, human: 2, duck: 2,
  dog: 4, cat: 4, cow: 4, horse: 4, lion: 4, elephant: 4, giraffe: 4, tiger: 4, deer: 4, sheep: 4, starfish: 5,
  insect: 6, ant: 6, butterfly: 6, beetle: 6, bee: 6, wasp: 6, grasshopper: 6, cricket: 6, cockroach: 6, "praying mantis": 6, firefly: 6,
  spider: 8, scorpion: 8, crab: 10, lobster: 10, shrimp: 10, woodlouse: 14,
};
const legsOf = (kind: string) => LEGS[kind] ?? (kind.endsWith("s") ? LEGS[kind.slice(0, -1)] : undefined);

export const legCounting: Solver = (prompt) => {
  const groups = between(prompt, "A field holds ", ". How many legs")?.split(", ");
  if (!groups) return undefined;
  const counted = groups.map((group) => {
    const space = group.indexOf(" ");
    const n = group.slice(0, space);
    return DIGITS.test(n) ? { n: Number(n), legs: legsOf(group.slice(space + 1)) } : undefined;
  });
  if (counted.some((c) => c?.legs === undefined)) return undefined;
  const totals = counted.map((c) => c!.n * c!.legs!);
  const total = totals.reduce((a, b) => a + b, 0);
  // A slip: one group of legged animals forgotten.
  const forgotten = totals.findLastIndex((t) => t > 0);
  return { how: "Multiplying each kind's number by its legs and adding them up.", right: String(total), wrong: String(forgotten >= 0 ? total - totals[forgotten]! : slip(total)) };
};

const ARITHMETIC_FORMS: readonly (readonly [string, string])[] = [
  ["Work out ", " (every / divides exactly)."],
  ["What does ", " come to? Each / divides exactly."],
  ["Find the value of ", "; each / divides exactly."],
  ["Evaluate ", ", where each / divides exactly."],
];

export const basicArithmetic: Solver = (prompt) => {
  for (const [open, close] of ARITHMETIC_FORMS) {
    const expression = between(prompt, open, close);
    const value = expression === undefined ? undefined : evaluateInt(expression);
    if (value !== undefined) return { how: "Working out the brackets first, then * and / before + and -.", right: value.toString(), wrong: slipBig(value).toString() };
  }
  return undefined;
};
