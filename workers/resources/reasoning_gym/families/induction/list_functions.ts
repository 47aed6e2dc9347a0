// list_functions: apply the list transformation the examples show; the library's base scorer (the
// stored answer exactly, or its share of a longer answer that contains it). Our generator draws
// one of the library's seventeen rules and shows four worked examples before the query.
import { defaultScore } from "../default_score.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";

const PAIRS = 5;

const randomList = (rng: Rng): number[] => Array.from({ length: rng.int(3, 10) }, () => rng.int(1, 100));
const ascending = (xs: number[]) => [...xs].sort((a, b) => a - b);

/** Each rule: the i-th example's input and output. */
const RULES: ((rng: Rng, i: number) => [number[], number[]])[] = [
  // the list unchanged
  (rng) => {
    const xs = randomList(rng);
    return [xs, xs];
  },
  // the third element alone
  (rng) => {
    const xs = randomList(rng);
    return [xs, [xs[2]!]];
  },
  // reversed
  (rng) => {
    const xs = randomList(rng);
    return [xs, [...xs].reverse()];
  },
  // the sum of the distinct elements below 30
  (rng) => {
    const xs = randomList(rng);
    return [xs, [[...new Set(xs)].filter((x) => x < 30).reduce((a, b) => a + b, 0)]];
  },
  // how many fives (every other example has some mixed in)
  (rng, i) => {
    const xs = rng.shuffled([...randomList(rng), ...(i % 2 === 0 ? Array(rng.int(1, 7)).fill(5) : [])]);
    return [xs, [xs.filter((x) => x === 5).length]];
  },
  // each element followed by an even one
  (rng) => {
    const xs = randomList(rng);
    return [xs, xs.slice(0, -1).filter((_, j) => xs[j + 1]! % 2 === 0)];
  },
  // each element plus its index
  (rng) => {
    const xs = randomList(rng);
    return [xs, xs.map((x, j) => x + j)];
  },
  // the element at the index the last element gives
  (rng) => {
    const xs = randomList(rng);
    const at = rng.int(0, xs.length - 1);
    xs[xs.length - 1] = at;
    return [xs, [xs[at]!]];
  },
  // the length
  (rng) => {
    const xs = randomList(rng);
    return [xs, [xs.length]];
  },
  // the sum
  (rng) => {
    const xs = randomList(rng);
    return [xs, [xs.reduce((a, b) => a + b, 0)]];
  },
  // sorted ascending
  (rng) => {
    const xs = randomList(rng);
    return [xs, ascending(xs)];
  },
  // sorted descending
  (rng) => {
    const xs = randomList(rng);
    return [xs, ascending(xs).reverse()];
  },
  // first and last elements plus one
  (rng) => {
    const xs = randomList(rng);
    const ys = [...xs];
    ys[0]! += 1;
    ys[ys.length - 1]! += 1;
    return [xs, ys];
  },
  // 1 for an ascending list, 0 for a descending one
  (rng, i) => {
    const xs = ascending(randomList(rng));
    return i % 2 === 0 ? [xs, [1]] : [xs.reverse(), [0]];
  },
  // 1 for a multiple of ten, 0 for an odd multiple of five
  (rng, i) => (i % 2 === 0 ? [[(2 * rng.int(0, 499) + 1) * 5], [0]] : [[rng.int(1, 100) * 10], [1]]),
  // a doubling sequence: the next term
  (rng) => {
    const start = randomList(rng);
    const xs = [rng.choice(start)];
    while (xs.length < start.length) xs.push(xs.at(-1)! * 2);
    return [xs, [xs.at(-1)! * 2]];
  },
  // twice the element, less four
  (rng) => {
    const x = rng.choice(randomList(rng));
    return [[x], [2 * x - 4]];
  },
];

/** str() of a Python list of ints. */
const text = (xs: readonly number[]): string => `[${xs.join(", ")}]`;

export default defineFamily({
  name: "list_functions",
  category: "induction",
  scorer: "default",
  score: defaultScore,
  generate(rng, _config, index) {
    const rule = rng.int(0, RULES.length - 1);
    const pairs = Array.from({ length: PAIRS }, (_, i) => RULES[rule]!(rng, i).map(text) as [string, string]);
    const [query, answer] = pairs.pop()!;
    const shown = pairs.map(([input, output], i) => `Example ${i + 1}: ${input} -> ${output}`).join("\n");
    return {
      question: `The same rule turns each input list into its output list:\n${shown}\nApply the rule to ${query} and give the output list, written like the outputs above.`,
      answer,
      metadata: { source_dataset: "list_functions", source_index: index, rule },
    };
  },
});
