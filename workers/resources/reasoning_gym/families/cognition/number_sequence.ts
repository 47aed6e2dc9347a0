// number_sequence: the next number of a sequence made by a rule of a few steps (add or multiply by
// a constant, square, double, halve rounding down, add the previous term); the library's base
// scorer (the stored answer exactly, or its share of a longer answer that contains it).
import { defaultScore } from "../default_score.ts";
import { defineFamily, type Entry } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configInt, configRange } from "../support/generator_config.ts";

type Step = { op: "add" | "multiply" | "square" | "double" | "halve" | "add previous"; k: number };
const OPS: Step["op"][] = ["add", "multiply", "square", "double", "halve", "add previous"];
// The library drops sequences with a term beyond this, constant ones, and (above complexity 1) arithmetic progressions.
const LIMIT = 1000;
const TRIES = 10;

const describe = (rule: readonly Step[]) => rule.map(({ op, k }) => (op === "add" || op === "multiply" ? `${op === "add" ? "add" : "multiply by"} ${k}` : op)).join(" then ");

/** The sequence: a start, then each term by the rule from the one before (and the one before that); undefined once a term passes the limit. */
function unroll(rule: readonly Step[], start: number, terms: number): number[] | undefined {
  const seq = [start];
  for (let i = 0; i < terms; i++) {
    let x = seq[i]!;
    for (const { op, k } of rule) {
      if (op === "add") x += k;
      else if (op === "multiply") x *= k;
      else if (op === "square") x *= x;
      else if (op === "double") x *= 2;
      else if (op === "halve") x = Math.floor(x / 2);
      else if (i > 0) x += seq[i - 1]!;
      // Terms stay small (and exact in a double) or the sequence is dropped.
      if (Math.abs(x) > LIMIT * LIMIT) return undefined;
    }
    if (Math.abs(x) > LIMIT) return undefined;
    seq.push(x);
  }
  return seq;
}

function interesting(seq: readonly number[], complexity: number): boolean {
  if (new Set(seq).size === 1) return false;
  const steps = new Set(seq.slice(1).map((x, i) => x - seq[i]!));
  return complexity === 1 || steps.size > 1;
}

function generate(rng: Rng, config: Record<string, unknown>, index: number): Entry {
  const [minTerms, maxTerms] = configRange(config, "terms", [4, 8], [4, 1000]);
  const minValue = configInt(config, "min_value", -100);
  const maxValue = configInt(config, "max_value", 100);
  if (maxValue <= minValue) throw new RangeError(`max_value must exceed min_value, got ${minValue} and ${maxValue}`);
  const maxComplexity = configInt(config, "max_complexity", 3, 1, 20);
  const complexity = rng.int(1, maxComplexity);
  let rule: Step[] = [{ op: "add", k: 2 }];
  let seq: number[] | undefined;
  let terms = minTerms;
  for (let t = 0; t < TRIES && !seq; t++) {
    const candidate = Array.from({ length: rng.int(1, complexity + 1) }, (): Step => {
      const op = rng.choice(OPS);
      let k = 0;
      if (op === "add" || op === "multiply") while (k === 0) k = rng.int(-10, 10);
      return { op, k };
    });
    terms = rng.int(minTerms, maxTerms);
    const made = unroll(candidate, rng.int(-10, 10), terms);
    if (made && interesting(made, complexity)) [rule, seq] = [candidate, made];
  }
  // No interesting rule found: count up in twos, as the library falls back to.
  seq ??= Array.from({ length: terms + 1 }, (_, i) => 2 * i);
  return {
    question: `What number comes next? ${seq.slice(0, -1).join(", ")}, ?\nAnswer with the number only.`,
    answer: String(seq[seq.length - 1]),
    metadata: {
      source_dataset: "number_sequence",
      source_index: index,
      rule: describe(rule),
      complexity,
      sequence: seq,
      difficulty: { max_complexity: maxComplexity, terms: [minTerms, maxTerms] },
    },
  };
}

export default defineFamily({ name: "number_sequence", category: "cognition", scorer: "default", score: defaultScore, generate });
