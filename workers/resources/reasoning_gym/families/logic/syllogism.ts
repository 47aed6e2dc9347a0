// syllogism: whether a conclusion follows from two premises (Yes or No); the library's base scorer
// (the stored answer exactly, or its share of a longer answer that contains it). Our generator
// poses the library's two kinds of task, a syllogism (premises about A-B and B-C, conclusion about
// A-C) and an inversion (a conclusion about one premise's terms swapped), and decides the answer
// from both premises by checking every way of filling the Venn diagram, each term non-empty (the traditional reading,
// under which "All A are B" gives "Some B are A").
import { defaultScore } from "../default_score.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configBool, configNumber } from "../support/generator_config.ts";

type Quantifier = "All" | "No" | "Some" | "Some not";
type Statement = [Quantifier, number, number];

const NOUNS = ["cats", "dogs", "birds", "whales", "bees", "ants", "lions", "horses", "poets", "painters", "farmers", "sailors", "pilots", "nurses", "bakers", "judges", "dancers", "chemists", "gardeners", "students", "tourists", "voters", "athletes", "authors"];
const ATTEMPTS = 100;

/** The diagram's regions (bit r: region r, holding the things in exactly the terms whose bits r has set) matching a test. */
const regions = (test: (r: number) => boolean): number => [0, 1, 2, 3, 4, 5, 6, 7].reduce((mask, r) => (test(r) ? mask | (1 << r) : mask), 0);

/** Whether a statement holds when exactly the regions in `filled` have something in them. */
function holds([q, s, p]: Statement, filled: number): boolean {
  const inS = (r: number) => ((r >> s) & 1) === 1;
  const inP = (r: number) => ((r >> p) & 1) === 1;
  const both = filled & regions((r) => inS(r) && inP(r));
  const only = filled & regions((r) => inS(r) && !inP(r));
  return q === "All" ? only === 0 : q === "No" ? both === 0 : q === "Some" ? both !== 0 : only !== 0;
}

const TERM_REGIONS = [0, 1, 2].map((t) => regions((r) => ((r >> t) & 1) === 1));

/** Whether the conclusion holds in every diagram where the premises do and no term is empty. */
function follows(premises: readonly Statement[], conclusion: Statement): boolean {
  for (let filled = 0; filled < 256; filled++) {
    if (TERM_REGIONS.every((t) => filled & t) && premises.every((p) => holds(p, filled)) && !holds(conclusion, filled)) return false;
  }
  return true;
}

const say = ([q, s, p]: Statement, names: readonly string[]): string => (q === "Some not" ? `Some ${names[s]} are not ${names[p]}` : `${q} ${names[s]} are ${names[p]}`);

function draw(rng: Rng, quantifiers: readonly Quantifier[], inversion: boolean, wantValid: boolean): { premises: [Statement, Statement]; conclusion: Statement; selected?: number } {
  let last: { premises: [Statement, Statement]; conclusion: Statement; selected?: number } | undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const premises: [Statement, Statement] = [
      [rng.choice(quantifiers), 0, 1],
      [rng.choice(quantifiers), 1, 2],
    ];
    const selected = rng.int(0, 1);
    const [, s, p] = premises[selected]!;
    const conclusion: Statement = inversion ? [rng.choice(quantifiers), p, s] : [rng.choice(quantifiers), 0, 2];
    last = { premises, conclusion, ...(inversion ? { selected: selected + 1 } : {}) };
    if (follows(premises, conclusion) === wantValid) return last;
  }
  return last!;
}

export default defineFamily({
  name: "syllogism",
  category: "logic",
  scorer: "default",
  score: defaultScore,
  generate(rng, config, index) {
    const quantifiers = (
      [
        ["allow_all", "All"],
        ["allow_no", "No"],
        ["allow_some", "Some"],
        ["allow_some_not", "Some not"],
      ] as const
    ).flatMap(([field, q]) => (configBool(config, field, true) ? [q] : []));
    if (quantifiers.length === 0) throw new RangeError("allow_all, allow_no, allow_some or allow_some_not must be true");
    const invalidRatio = configNumber(config, "invalid_ratio", 0.3, 0, 1);
    const inversionProbability = configNumber(config, "inversion_probability", 0.3, 0, 1);
    const names = rng.sample(NOUNS, 3);
    const inversion = rng.chance(inversionProbability);
    const { premises, conclusion, selected } = draw(rng, quantifiers, inversion, !rng.chance(invalidRatio));
    const valid = follows(premises, conclusion);
    const [premise1, premise2] = premises.map((p) => say(p, names));
    const claim = say(conclusion, names);
    return {
      question: `Suppose both of these are true:\n1. ${premise1}\n2. ${premise2}\nMust it then be true that ${claim.charAt(0).toLowerCase()}${claim.slice(1)}? Answer Yes or No.`,
      answer: valid ? "Yes" : "No",
      metadata: { source_dataset: "syllogism", source_index: index, premise1, premise2, ...(selected ? { selected_premise: selected } : {}), conclusion: claim, is_valid: valid, type: inversion ? "inversion" : "syllogism" },
    };
  },
});
