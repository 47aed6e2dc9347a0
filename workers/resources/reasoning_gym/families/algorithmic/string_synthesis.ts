// string_synthesis: counts of nine block kinds after the combining rules run out. Scored by the
// library's default rule (families/default_score.ts).
import { defaultScore } from "../default_score.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { type CountRule, countConfig, drawCounts, runRules, trade } from "./count_rules.ts";

// [A] [B] [C] {A} {B} {C} (A) (B) (C)
const [SA, SB, SC, CA, CB, CC, RA, RB, RC] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
const RULES: readonly CountRule[] = [
  trade({ [SA]: 1, [SB]: 1, [SC]: 1 }, { [CA]: 1 }),
  trade({ [SA]: 1, [SB]: 1 }, { [CC]: 1 }),
  trade({ [SB]: 1, [SC]: 1 }, { [CB]: 1 }),
  trade({ [SC]: 2 }, { [CC]: 1 }),
  trade({ [CA]: 1, [CC]: 1 }, { [RA]: 1, [RB]: 1 }),
  trade({ [CB]: 2 }, { [RC]: 1 }),
];

/** Starting counts of the blocks [A], [B] and [C]. */
function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const { range, maxIterations } = countConfig(config, "initial_blocks");
  const initial = drawCounts(rng, range, 3);
  const states = runRules([...initial, 0, 0, 0, 0, 0, 0], RULES, maxIterations);
  const solution = states.at(-1)!;
  return {
    question:
      "There are nine kinds of blocks: [A] [B] [C] {A} {B} {C} (A) (B) (C), and these rules to combine them:\n" +
      "1. One [A], one [B] and one [C] make one {A}.\n2. One [A] and one [B] make one {C}.\n3. One [B] and one [C] make one {B}.\n" +
      "4. Two [C] make one {C}.\n5. One {A} and one {C} make one (A) and one (B).\n6. Two {B} make one (C).\n" +
      "Repeatedly apply the first rule (in this order) that the current counts allow, once, then start again from rule 1. Stop when no rule " +
      `applies, when the counts repeat a state seen before (the answer is then the state before the repeat), or after ${maxIterations} applications.\n` +
      `Starting with ${initial[0]} [A], ${initial[1]} [B] and ${initial[2]} [C], give the final counts of all nine kinds in the order above, ` +
      "separated by spaces (for example 1 0 3 0 2 0 0 0 1).",
    answer: solution.join(" "),
    metadata: { source_dataset: "string_synthesis", source_index: index, states, solution, initial_blocks: initial, difficulty: { initial_blocks: range } },
  };
}

export default defineFamily({ name: "string_synthesis", category: "algorithmic", scorer: "default", score: defaultScore, generate });
