// puzzle24: an expression of the task's four numbers worth exactly 24: 1.0; anything else 0.01.
import { pyStrip } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";
import { parseArithmetic, sameNumbers } from "./arithmetic_expression.ts";
import { buildLeftToRight, configOperators } from "./left_to_right.ts";

const ATTEMPTS = 100_000;

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minValue, maxValue] = configRange(config, "value", [1, 10], [1, 10]);
  const operators = configOperators(config);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const numbers = Array.from({ length: 4 }, () => rng.int(minValue, maxValue));
    const { expression, value } = buildLeftToRight(rng, numbers, operators);
    if (value !== 24) continue;
    return {
      question: `Combine the numbers ${numbers.join(", ")} into 24, using each exactly once, with the operators ${operators.join(", ")} and parentheses.\nAnswer with the arithmetic expression alone: no "=", no 24, * for multiplication and / for division.`,
      answer: expression,
      metadata: { source_dataset: "puzzle24", source_index: index, numbers, difficulty: { value: [minValue, maxValue] } },
    };
  }
  throw new RangeError(`no expression of four numbers from min_value to max_value made 24 in ${ATTEMPTS} attempts: widen the range or the operators`);
}

export default defineFamily({
  name: "puzzle24",
  category: "games",
  scorer: "validity",
  generate,
  deviations: [
    "The answer must use the puzzle's own four numbers: the library accepts any four numbers from 1 to 10.",
    "The value must be exactly 24: the library truncates it with int(), so 49/2 counts as 24 there.",
    "Only integer arithmetic is read (+ - * /, parentheses, signs): the library evaluates any SymPy expression (powers, factorials, ^ as xor).",
  ],
  score(answer, entry) {
    if (answer === null) return 0.01;
    const numbers = entry.metadata.numbers;
    const parsed = parseArithmetic(pyStrip(answer), 4);
    if (!parsed || !Array.isArray(numbers) || !sameNumbers(parsed.numbers, numbers)) return 0.01;
    const v = parsed.value;
    return v.kind === "rational" && v.num === 24n && v.den === 1n ? 1 : 0.01;
  },
});
