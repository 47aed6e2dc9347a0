// number_sorting: sort numbers up or down. The answer, its single quotes made double, must read as a
// JSON list as long as the stored one, its items (numbers, or strings float() reads) in the asked
// order, each within 1 of the stored number at its place: 1.0; anything else 0.
import { pythonFloat } from "../../../../../shared/verifiers/python_float.ts";
import { pyFloatRepr } from "../../../../../shared/verifiers/python_float_repr.ts";
import { pyRound } from "../../../../../shared/verifiers/python_round.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configNumber, configRange } from "../support/generator_config.ts";

const JSON_SPACE = /[ \t\n\r]*/y;
const JSON_STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const JSON_NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
const JSON_WORD = /true|false|null|NaN|Infinity|-Infinity/y;

function token(re: RegExp, text: string, pos: number): string | undefined {
  re.lastIndex = pos;
  return re.exec(text)?.[0];
}

/**
 * float() of each item of a JSON list (as Python's json reads it, NaN and Infinity included); undefined
 * when the text is not a list, or an item is one float() refuses (null, a list, an object, an
 * integer too large for a float, text float() does not read), all of which the library scores 0.
 */
function floatList(text: string): number[] | undefined {
  const values: number[] = [];
  let pos = token(JSON_SPACE, text, 0)!.length;
  if (text[pos++] !== "[") return undefined;
  pos += token(JSON_SPACE, text, pos)!.length;
  if (text[pos] === "]") return token(JSON_SPACE, text, pos + 1)!.length === text.length - pos - 1 ? values : undefined;
  for (;;) {
    const string = token(JSON_STRING, text, pos);
    const word = string === undefined ? token(JSON_WORD, text, pos) : undefined;
    JSON_NUMBER.lastIndex = pos;
    const number = string === undefined && word === undefined ? JSON_NUMBER.exec(text) : null;
    let value: number | undefined;
    if (string !== undefined) value = pythonFloat(JSON.parse(string) as string);
    else if (word !== undefined) value = word === "true" ? 1 : word === "false" ? 0 : word === "null" ? undefined : Number(word);
    else if (number) {
      value = Number(number[0]);
      // Python's json reads an integer as int, and float() of one past the float range raises.
      if (!number[1] && !number[2] && !Number.isFinite(value)) value = undefined;
    }
    if (value === undefined) return undefined;
    values.push(value);
    pos += (string ?? word ?? number![0]).length;
    pos += token(JSON_SPACE, text, pos)!.length;
    const next = text[pos++];
    if (next === "]") return token(JSON_SPACE, text, pos)!.length === text.length - pos ? values : undefined;
    if (next !== ",") return undefined;
    pos += token(JSON_SPACE, text, pos)!.length;
  }
}

const inOrder = (values: readonly number[], ascending: boolean) => values.every((v, i) => i === 0 || (ascending ? values[i - 1]! <= v : values[i - 1]! >= v));

/** Numbers drawn from [min_value, max_value], each rounded to its own number of decimals, to sort up or down. */
function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minNumbers, maxNumbers] = configRange(config, "numbers", [3, 10], [1, 10_000]);
  const [minDecimals, maxDecimals] = configRange(config, "decimals", [0, 2], [0, 15]);
  const minValue = configNumber(config, "min_value", -100, -1e15, 1e15);
  const maxValue = configNumber(config, "max_value", 100, -1e15, 1e15);
  if (maxValue <= minValue) throw new RangeError(`max_value must be greater than min_value, got ${minValue} and ${maxValue}`);
  const count = rng.int(minNumbers, maxNumbers);
  const numbers = Array.from({ length: count }, () => pyRound(rng.uniform(minValue, maxValue), rng.int(minDecimals, maxDecimals)));
  const direction = rng.chance(0.5) ? "ascending" : "descending";
  const sorted = [...numbers].sort((a, b) => (direction === "ascending" ? a - b : b - a)).map(pyFloatRepr);
  const shown = numbers.map(pyFloatRepr);
  return {
    question:
      `Put these numbers in ${direction} order: ${shown.join(", ")}\n\n` +
      "Give the result as a Python-style list of the numbers written as strings, for example ['-3.5', '0.0', '12.25'].",
    answer: `[${sorted.map((n) => `'${n}'`).join(", ")}]`,
    metadata: {
      source_dataset: "number_sorting",
      source_index: index,
      original_numbers: shown,
      direction,
      sorted_numbers: sorted,
      numbers: count,
      difficulty: { numbers: [minNumbers, maxNumbers], decimals: [minDecimals, maxDecimals], value: [minValue, maxValue] },
    },
  };
}

export default defineFamily({
  name: "number_sorting",
  category: "algorithmic",
  scorer: "own",
  deviations: ["A list holding NaN scores 0 (the library's sortedness and tolerance checks both pass NaN, so a list of 'nan' scores 1.0 there)."],
  score(answer, entry) {
    if (answer === null || typeof entry.answer !== "string") return 0;
    const given = floatList(answer.replaceAll("'", '"'));
    const expected = floatList(entry.answer.replaceAll("'", '"'));
    if (!given || !expected || given.length !== expected.length) return 0;
    if (given.some(Number.isNaN)) return 0;
    if (!inOrder(given, entry.metadata.direction === "ascending")) return 0;
    return given.every((v, i) => !(Math.abs(v - expected[i]!) > 1)) ? 1 : 0;
  },
  generate,
});
