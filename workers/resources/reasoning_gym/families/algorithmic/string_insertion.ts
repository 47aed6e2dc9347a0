// string_insertion: insert characters after given patterns. The stored answer exactly 1.0; a Python
// list (or tuple) of strings that joins to it 0.1; else 0.
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";
import { evalPythonLiteral, pyIterate } from "../support/python_literal.ts";

/** "".join(eval(answer)); undefined where eval or join fails. */
function joined(answer: string): string | undefined {
  try {
    const items = pyIterate(evalPythonLiteral(answer));
    return items.every((item) => item.type === "str") ? items.map((item) => (item.type === "str" ? item.value : "")).join("") : undefined;
  } catch {
    return undefined;
  }
}

// Each pattern, and the letter inserted after it.
const RULES: readonly [string, string][] = [
  ["ABCD", "A"],
  ["BCDE", "B"],
  ["CDEA", "C"],
  ["DEAB", "D"],
  ["EABC", "E"],
];

/** Left to right: where a pattern starts, copy it and its letter and resume after the pattern; else copy one character. */
function insert(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const rule = RULES.find(([pattern]) => text.startsWith(pattern, i));
    if (rule) {
      out += rule[0] + rule[1];
      i += rule[0].length;
    } else out += text[i++];
  }
  return out;
}

/** A random string of A to E to apply the insertion rules to. */
function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minLength, maxLength] = configRange(config, "string_length", [5, 20], [5, 100_000]);
  const length = rng.int(minLength, maxLength);
  const text = Array.from({ length }, () => rng.choice(["A", "B", "C", "D", "E"])).join("");
  const solution = insert(text);
  const rules = RULES.map(([pattern, letter], i) => `${i + 1}. After each occurrence of ${pattern}, insert ${letter}.`).join("\n");
  return {
    question:
      "Scan the string below from left to right, applying these rules (the first that matches at a position wins):\n" +
      `${rules}\n` +
      "After an insertion, continue scanning right after the matched pattern (the inserted letter is never part of a new match).\n" +
      `Answer with the resulting string only.\n\nString: ${text}`,
    answer: solution,
    metadata: { source_dataset: "string_insertion", source_index: index, string: text, solution, string_length: length, difficulty: { string_length: [minLength, maxLength] } },
  };
}

export default defineFamily({
  name: "string_insertion",
  category: "algorithmic",
  scorer: "own",
  deviations: ["A list answer is read as a Python literal (lists, tuples, strings, numbers), never run as code as the library's eval() does."],
  score(answer, entry) {
    if (answer === null || typeof entry.answer !== "string") return 0;
    if (answer === entry.answer) return 1;
    return joined(answer) === entry.answer ? 0.1 : 0;
  },
  generate,
});
