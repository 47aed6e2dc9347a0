// string_splitting: counts of machines and parts after the dismantling rules run out ("A B C X Y Z").
// Scored by the library's default rule (families/default_score.ts).
import { defaultScore } from "../default_score.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { type CountRule, countConfig, drawCounts, runRules, trade } from "./count_rules.ts";

const [A, B, C, X, Y, Z] = [0, 1, 2, 3, 4, 5];
const RULES: readonly CountRule[] = [trade({ [A]: 1 }, { [X]: 2, [Y]: 1 }), trade({ [B]: 2 }, { [X]: 1 }), trade({ [C]: 2 }, { [Y]: 1 }), trade({ [B]: 1, [C]: 1 }, { [A]: 1 }), trade({ [X]: 1, [Y]: 1 }, { [Z]: 1 })];

/** Starting counts of machines A, B and C. */
function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const { range, maxIterations } = countConfig(config, "initial_machines");
  const initial = drawCounts(rng, range, 3);
  const states = runRules([...initial, 0, 0, 0], RULES, maxIterations);
  const solution = states.at(-1)!;
  return {
    question:
      "A salvage engineer has old machines A, B and C, and these rules to turn them into parts X, Y and Z:\n" +
      "1. One A comes apart into two X and one Y.\n2. Two B come apart into one X.\n3. Two C come apart into one Y.\n" +
      "4. One B and one C combine into one A.\n5. One X and one Y combine into one Z.\n" +
      "Repeatedly apply the first rule (in this order) that the current counts allow, once, then start again from rule 1. Stop when no rule " +
      `applies, when the counts repeat a state seen before, or after ${maxIterations} applications.\n` +
      `Starting with ${initial[0]} A, ${initial[1]} B and ${initial[2]} C, give the final counts of A B C X Y Z as six numbers separated by spaces (for example 1 0 1 5 4 3).`,
    answer: solution.join(" "),
    metadata: { source_dataset: "string_splitting", source_index: index, states, solution, initial_machines: initial, difficulty: { initial_machines: range } },
  };
}

export default defineFamily({ name: "string_splitting", category: "algorithmic", scorer: "default", score: defaultScore, generate });
