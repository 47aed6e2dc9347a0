// zebra_puzzles: who or what a zebra (Einstein) puzzle's question asks for. The answer equal to
// the stored one, ignoring case and line breaks, scores 1.0; anything else 0. Our generator: a
// random arrangement of num_people people with num_characteristics attributes (the name first),
// clues of the library's kinds (in a house, same house, directly left of, next to) added in random
// order until one arrangement fits, then each dropped that is not needed; it asks, as the library
// does, for the name of the person in the first house.
import { defineFamily } from "../family.ts";
import { configInt } from "../support/generator_config.ts";
import { Grid, type Clue } from "./zebra_solver.ts";

// str.lower() and replace("\n", ""); toLowerCase is Unicode's full lowercasing, as lower() is.
const normalize = (text: string): string => text.toLowerCase().replaceAll("\n", "");

const NAMES = ["Alice", "Bob", "Carol", "David", "Emma", "Frank", "Grace"];
/** Each attribute: its values and how a clue names the person having one. */
const ATTRIBUTES: [string, string[], (v: string) => string][] = [
  ["house color", ["red", "green", "blue", "yellow", "white", "black", "purple"], (v) => `the person in the ${v} house`],
  ["pet", ["dog", "cat", "bird", "fish", "horse", "rabbit", "turtle"], (v) => `the ${v} owner`],
  ["drink", ["tea", "coffee", "milk", "water", "juice", "cocoa", "lemonade"], (v) => `the person who drinks ${v}`],
  ["food", ["pizza", "soup", "salad", "pasta", "curry", "tacos", "sushi"], (v) => `the person who likes ${v}`],
  ["sport", ["tennis", "golf", "chess", "rowing", "cycling", "hockey", "judo"], (v) => `the person who plays ${v}`],
  ["car", ["sedan", "van", "truck", "coupe", "jeep", "minivan", "roadster"], (v) => `the person who drives a ${v}`],
];

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export default defineFamily({
  name: "zebra_puzzles",
  category: "logic",
  scorer: "own",
  score(answer, entry) {
    if (answer === null || typeof entry.answer !== "string") return 0;
    return normalize(answer) === normalize(entry.answer) ? 1 : 0;
  },
  generate(rng, config, index) {
    const k = configInt(config, "num_people", 4, 2, 7);
    const m = configInt(config, "num_characteristics", 4, 2, 7);
    const chosen = rng.sample(ATTRIBUTES, m - 1);
    const values = [rng.sample(NAMES, k), ...chosen.map(([, vs]) => rng.sample(vs, k))];
    const describe = (item: number): string => {
      const [a, v] = [Math.floor(item / k), item % k];
      return a === 0 ? values[0]![v]! : chosen[a - 1]![2](values[a]![v]!);
    };
    // house[item]: where value v of attribute a (item a * k + v) is.
    const house = values.flatMap(() => rng.shuffled(Array.from({ length: k }, (_, h) => h)));
    const items = house.map((_, i) => i);
    const pool: Clue[] = items.map((item) => ({ kind: "at", item, house: house[item]! }));
    for (const a of items)
      for (const b of items) {
        if (Math.floor(a / k) === Math.floor(b / k)) continue;
        if (a < b && house[a] === house[b]) pool.push({ kind: "same", a, b });
        if (house[b] === house[a]! + 1) pool.push({ kind: "left", a, b });
        if (a < b && Math.abs(house[a]! - house[b]!) === 1) pool.push({ kind: "beside", a, b });
      }
    const grid = new Grid(k, m);
    const clues: Clue[] = [];
    for (const clue of rng.shuffled(pool)) {
      clues.push(clue);
      if (grid.count(clues) === 1) break;
    }
    // Drop every clue the others make unnecessary.
    for (const clue of rng.shuffled(clues)) {
      const rest = clues.filter((c) => c !== clue);
      if (grid.count(rest) === 1) clues.splice(clues.indexOf(clue), 1);
    }
    const sentence = (c: Clue): string => {
      if (c.kind === "at") return `${capitalized(describe(c.item))} lives in house ${c.house + 1}.`;
      if (c.kind === "same") return `${capitalized(describe(c.a))} is ${describe(c.b)}.`;
      if (c.kind === "left") return `${capitalized(describe(c.a))} lives directly left of ${describe(c.b)}.`;
      return `${capitalized(describe(c.a))} and ${describe(c.b)} live next to each other.`;
    };
    const lists = [`names: ${values[0]!.join(", ")}`, ...chosen.map(([what], i) => `${what}: ${values[i + 1]!.join(", ")}`)];
    const first = values[0]![house.slice(0, k).indexOf(0)]!;
    return {
      question: `${k} houses stand in a row, numbered 1 to ${k} from left to right, with one person in each. Each person has a different value of each of these:\n${lists.map((l) => `- ${l}`).join("\n")}\nClues:\n${clues.map((c, i) => `${i + 1}. ${sentence(c)}`).join("\n")}\nWhat is the name of the person in house 1? Answer with the name only.`,
      answer: first,
      metadata: { source_dataset: "zebra_puzzles", source_index: index, difficulty: { num_people: k, num_characteristics: m } },
    };
  },
});
