// gsm_symbolic: grade-school word problems with a numeric answer. The first number in the answer
// (digits, optionally a decimal part, standing as a word of its own) equal as a float to the
// stored answer scores 1.0; another number 0.01; no number 0.
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configNumber } from "../support/generator_config.ts";
import { pyFloat } from "../support/python_number.ts";
import { TEMPLATES } from "./gsm_templates.ts";

// Python's `\b-?\d+(?:\.\d+)?\b` (Unicode word characters and digits): a minus is taken only after
// a word character; otherwise the number starts at its first digit, after a word boundary.
const WORD = "[\\p{L}\\p{N}_]";
const NUMBER = new RegExp(`(?:(?<=${WORD})-|(?<!${WORD}))\\p{Nd}+(?:\\.\\p{Nd}+)?(?!${WORD})`, "u");

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  // The library supports difficulty 1.0 only.
  const difficulty = configNumber(config, "difficulty", 1, 1, 1);
  const problem = rng.choice(TEMPLATES)(rng);
  return {
    question: `${problem.question} Give only the number as your final answer, without units.`,
    answer: String(problem.value),
    metadata: {
      source_dataset: "gsm_symbolic",
      source_index: index,
      difficulty,
      answer_value: problem.value,
      answer_cot: `${problem.steps.join("\n")}\n#### ${problem.value}`,
      variables: problem.variables,
    },
  };
}

export default defineFamily({
  name: "gsm_symbolic",
  category: "arithmetic",
  scorer: "own",
  deviations: ["A minus sign just before the answer's number is its sign (the library's word-boundary regex drops it, so \"-5\" scored as 5, right for a stored 5 and wrong for a stored -5)."],
  score(answer, entry) {
    if (answer === null) return 0;
    const match = NUMBER.exec(answer);
    if (!match) return 0;
    const text = !match[0].startsWith("-") && answer[match.index - 1] === "-" ? `-${match[0]}` : match[0];
    const given = pyFloat(text);
    const expected = typeof entry.answer === "string" ? pyFloat(entry.answer) : undefined;
    if (given === undefined || expected === undefined) return 0;
    return given === expected ? 1 : 0.01;
  },
  generate,
});
