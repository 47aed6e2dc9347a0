// countdown: an arithmetic expression reaching the target from the task's numbers. Unreadable (or
// dividing by zero, or no answer): 0.01; read but not using exactly the task's numbers, or missing
// the target: 0.05; within numpy's isclose (1e-6 absolute plus 1e-5 relative) of it: 1.0.
import { pyStrip } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configBool, configRange } from "../support/generator_config.ts";
import { parseArithmetic, sameNumbers, toFloat } from "./arithmetic_expression.ts";
import { buildLeftToRight, configOperators } from "./left_to_right.ts";

const ATTEMPTS = 1000;

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minNumbers, maxNumbers] = configRange(config, "numbers", [4, 6], [2, 64]);
  const [minValue, maxValue] = configRange(config, "value", [1, 100], [1, 1_000_000]);
  const [minTarget, maxTarget] = configRange(config, "target", [100, 999], [1, Number.MAX_SAFE_INTEGER]);
  const operators = configOperators(config);
  const shuffle = configBool(config, "shuffle", true);
  const count = rng.int(minNumbers, maxNumbers);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const numbers = Array.from({ length: count }, () => rng.int(minValue, maxValue));
    const { expression, value } = buildLeftToRight(rng, numbers, operators);
    if (!Number.isSafeInteger(value) || value < minTarget || value > maxTarget) continue;
    const shown = shuffle ? rng.shuffled(numbers) : numbers;
    return {
      question: `Reach ${value} with the numbers ${shown.join(", ")}, each of them exactly once, combined with ${operators.join(" ")} and parentheses.\nAnswer with the arithmetic expression alone: no "=", no target, * for multiplication and / for division.`,
      answer: expression,
      metadata: {
        source_dataset: "countdown",
        source_index: index,
        numbers: shown,
        target: value,
        expression,
        difficulty: { numbers: [minNumbers, maxNumbers], target: [minTarget, maxTarget], value: [minValue, maxValue] },
      },
    };
  }
  throw new RangeError(`no expression reached a target from min_target to max_target in ${ATTEMPTS} attempts: widen the ranges`);
}

export default defineFamily({
  name: "countdown",
  category: "games",
  scorer: "validity",
  generate,
  deviations: [
    "Only integer arithmetic is read (+ - * /, parentheses, signs), anything else scoring 0.01: the library evaluates any SymPy expression, so powers, factorials, constants and decimals (2.5 from the numbers 2 and 5) could reach the target there (or score 0.05).",
  ],
  score(answer, entry) {
    if (answer === null || pyStrip(answer) === "") return 0.01;
    const numbers = entry.metadata.numbers;
    const target = entry.metadata.target;
    if (!Array.isArray(numbers) || typeof target !== "number") return 0.01;
    const parsed = parseArithmetic(answer, Math.max(64, numbers.length));
    // float() of SymPy's zoo raises; of nan it does not.
    if (!parsed || parsed.value.kind === "zoo") return 0.01;
    if (!sameNumbers(parsed.numbers, numbers)) return 0.05;
    if (parsed.value.kind !== "rational") return 0.05;
    return Math.abs(toFloat(parsed.value) - target) <= 1e-6 + 1e-5 * Math.abs(target) ? 1 : 0.05;
  },
});
