// cryptarithm: letters standing for distinct digits in a column addition. Any mapping
// ("A=1,B=2,...") that satisfies the puzzle scores 1.0: every letter of the puzzle mapped and no
// other, digits 0-9 and distinct, no leading zero unless allowed, and the sum right. A mapping
// that parses but fails scores 0.01; one that does not parse, 0.
import { pyStrip, pythonInt } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily } from "../family.ts";
import type { Entry } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configBool, configRange } from "../support/generator_config.ts";
import { pyTruthy } from "../support/python_value.ts";

/** The answer as the library's parser reads it (later pairs overriding earlier ones); undefined where it raises. */
function parseMapping(answer: string): Map<string, bigint> | undefined {
  const mapping = new Map<string, bigint>();
  for (const pair of answer.split(",")) {
    const parts = pyStrip(pair).split("=");
    if (parts.length !== 2) return undefined;
    const digit = pythonInt(pyStrip(parts[1]!));
    if (digit === undefined) return undefined;
    mapping.set(pyStrip(parts[0]!), digit);
  }
  return mapping;
}

const letters = (words: readonly string[]) => new Set(words.flatMap((w) => Array.from(w)));

function solves(mapping: Map<string, bigint>, addends: readonly string[], result: string, leadingZero: boolean): boolean {
  const needed = letters([...addends, result]);
  if (mapping.size !== needed.size || [...mapping.keys()].some((k) => !needed.has(k))) return false;
  const digits = [...mapping.values()];
  if (digits.some((d) => d < 0n || d > 9n) || new Set(digits).size !== digits.length) return false;
  const words = [...addends, result].filter((w) => w.length > 0);
  if (!leadingZero && words.some((w) => mapping.get(Array.from(w)[0]!) === 0n)) return false;
  // An empty word reads as int(""), which raises: the library counts that a failed check.
  if (addends.some((w) => w.length === 0) || result.length === 0) return false;
  const value = (w: string) => BigInt(Array.from(w, (c) => mapping.get(c)!.toString()).join(""));
  return addends.reduce((sum, w) => sum + value(w), 0n) === value(result);
}

function score(answer: string | null, entry: Entry): number {
  if (answer === null) return 0;
  const mapping = parseMapping(answer);
  if (!mapping) return 0;
  const { words_letters: addends, result_letters: result, allow_leading_zero: leadingZero } = entry.metadata;
  if (!Array.isArray(addends) || !addends.every((w) => typeof w === "string") || typeof result !== "string") throw new TypeError("cryptarithm metadata lacks words_letters or result_letters");
  return solves(mapping, addends, result, pyTruthy(leadingZero)) ? 1 : 0.01;
}

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minWords, maxWords] = configRange(config, "words", [2, 3], [2, 50]);
  const leadingZero = configBool(config, "allow_leading_zero", false);
  const numbers = Array.from({ length: rng.int(minWords, maxWords) }, () => {
    const length = rng.int(3, 5);
    return rng.int(leadingZero ? 0 : 10 ** (length - 1), 10 ** length - 1);
  });
  const total = numbers.reduce((a, b) => a + b, 0);
  // At most ten distinct digits, so there are always letters enough.
  const used = [...new Set([...numbers, total].flatMap((n) => [...String(n)]))];
  const letters = rng.sample([..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"], used.length);
  const toLetter = new Map(used.map((d, i) => [d, letters[i]!]));
  const spell = (n: number) => Array.from(String(n), (d) => toLetter.get(d)!).join("");
  const words = numbers.map(spell);
  const result = spell(total);
  const width = Math.max(...words.map((w) => w.length), result.length) + 2;
  const lines = [...words.slice(0, -1).map((w) => w.padStart(width)), `+ ${words.at(-1)!.padStart(width - 2)}`, "-".repeat(width), result.padStart(width)];
  const letterToDigit = Object.fromEntries([...toLetter].map(([d, l]) => [l, Number(d)]).sort(([a], [b]) => (a! < b! ? -1 : 1)));
  return {
    question: `Each letter in this addition stands for a different digit (0-9)${leadingZero ? "; a number may start with 0" : "; no number starts with 0"}:\n\n${lines.join("\n")}\n\nFind the digits. Answer with the mapping, comma-separated, like "A=1,B=2,C=3".`,
    answer: Object.entries(letterToDigit)
      .map(([l, d]) => `${l}=${d}`)
      .join(","),
    metadata: {
      source_dataset: "cryptarithm",
      source_index: index,
      allow_leading_zero: leadingZero,
      letters: Object.keys(letterToDigit),
      word_values: numbers,
      sum_number: total,
      words_letters: words,
      result_letters: result,
      digit_to_letter: Object.fromEntries(toLetter),
      letter_to_digit: letterToDigit,
      difficulty: { words: [minWords, maxWords] },
    },
  };
}

export default defineFamily({ name: "cryptarithm", category: "algorithmic", scorer: "validity", score, generate });
