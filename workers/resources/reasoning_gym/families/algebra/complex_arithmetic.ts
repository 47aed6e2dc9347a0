// complex_arithmetic: + - * / of two complex numbers. The answer is read as a complex number
// ("3 - 2i", "(3-2i)", "-i", "4.5"; spaces dropped, i or j) and scores exp(-distance) from the
// stored result, so the exact value scores 1.0 and an unreadable answer 0.
import { defineFamily } from "../family.ts";
import { configRange } from "../support/generator_config.ts";
import { configStrings, configWeights, pickWeighted } from "../support/generator_lists.ts";
import { pyFloat } from "../support/python_number.ts";
import { pyFloatRepr } from "../../../../../shared/verifiers/python_float_repr.ts";
import { pyFormatFixed } from "../../../../../shared/verifiers/python_format.ts";

type Complex = [number, number];

const FLOAT = String.raw`(?:(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:e[+-]?\d(?:_?\d)*)?|inf(?:inity)?|nan)`;
// complex(text) in Python: a real part, an imaginary part, or both; "j" alone means 1j.
const COMPLEX = new RegExp(String.raw`^(?:([+-]?${FLOAT})|([+-]?${FLOAT})?([+-])(${FLOAT})?j|([+-]?)(${FLOAT})?j)$`, "i");

/** Python's complex(text) for a string; undefined where it raises. */
function pyComplex(text: string): Complex | undefined {
  let s = text.trim();
  if (s.startsWith("(") && s.endsWith(")")) s = s.slice(1, -1).trim();
  const m = COMPLEX.exec(s);
  if (!m) return undefined;
  const num = (t: string) => pyFloat(t)!;
  if (m[1] !== undefined) return [num(m[1]), 0];
  if (m[3] !== undefined) return [m[2] === undefined ? 0 : num(m[2]), (m[3] === "-" ? -1 : 1) * (m[4] === undefined ? 1 : num(m[4]))];
  return [0, (m[5] === "-" ? -1 : 1) * (m[6] === undefined ? 1 : num(m[6]))];
}

/** The library's reading of an answer (its own rules first, then complex()); undefined where it gives None. */
function parseAnswer(answer: string): Complex | undefined {
  let s = answer.replaceAll(" ", "").toLowerCase();
  while (s.length > 1 && s.startsWith("(") && s.endsWith(")")) s = s.slice(1, -1);
  s = s.replaceAll("i", "j");
  if (!s.includes("j")) {
    const real = pyFloat(s);
    return real === undefined ? undefined : [real, 0];
  }
  if (s === "j") return [0, 1];
  if (s === "-j") return [0, -1];
  const head = s.slice(0, -1);
  // A lone coefficient before the j ("7j", "-7j"): read by float(), so "-j" forms and the like go here.
  if ((s.endsWith("j") && !/[+-]/.test(head)) || (s.startsWith("-") && !/[+-]/.test(s.slice(1, -1)))) {
    const coefficient = head === "" ? 1 : head === "-" ? -1 : pyFloat(head);
    return coefficient === undefined ? undefined : [0, coefficient];
  }
  if (!s.endsWith("j")) return undefined;
  return pyComplex(s.replaceAll("+j", "+1j").replaceAll("-j", "-1j"));
}

/** The library's way of writing a result: "3.0 - 2.0i", "4.00", "-2.00i". */
function complexText([re, im]: Complex): string {
  if (im === 0) return pyFormatFixed(re, 2);
  if (re === 0) return `${pyFormatFixed(im, 2)}i`;
  return `${pyFloatRepr(re)} ${im >= 0 ? "+" : "-"} ${pyFloatRepr(Math.abs(im))}i`;
}

const OPERATIONS = ["+", "-", "*", "/"];
const WORDS: Record<string, [string, string]> = { "+": ["sum", "+"], "-": ["difference", "-"], "*": ["product", "×"], "/": ["quotient", "÷"] };

export default defineFamily({
  name: "complex_arithmetic",
  category: "algebra",
  scorer: "own",
  score(answer, entry) {
    if (answer === null) return 0;
    const result = entry.metadata.result;
    if (!Array.isArray(result) || result.length < 1 || result.length > 2 || !result.every((x) => typeof x === "number")) throw new TypeError("metadata.result must be [real, imag]");
    const given = parseAnswer(answer);
    if (!given) return 0;
    const [re, im = 0] = result as number[];
    const distance = Math.hypot(given[0] - re!, given[1] - im);
    // NaN parts: the library's min(1.0, nan) keeps the 1.0; a number that is not one is wrong.
    if (Number.isNaN(distance)) return 0;
    return Math.min(1, Math.exp(-distance));
  },
  generate(rng, config, index) {
    const [minReal, maxReal] = configRange(config, "real", [-10, 10], [-1e9, 1e9]);
    const [minImag, maxImag] = configRange(config, "imag", [-10, 10], [-1e9, 1e9]);
    const operations = configStrings(config, "operations", OPERATIONS, OPERATIONS);
    const weights = configWeights(config, "operations_weights", [0.4, 0.4, 0.1, 0.1], operations.length);
    const op = pickWeighted(rng, operations, weights);
    const draw = (): Complex => [rng.int(minReal, maxReal), rng.int(minImag, maxImag)];
    let a = draw();
    let b = draw();
    let result: Complex;
    if (op === "/") {
      // The quotient is drawn first, so the division comes out whole.
      if (minReal === 0 && maxReal === 0 && minImag === 0 && maxImag === 0) throw new RangeError("min_real..max_imag allow only a zero divisor");
      while (b[0] === 0 && b[1] === 0) b = draw();
      result = a;
      a = [result[0] * b[0] - result[1] * b[1], result[0] * b[1] + result[1] * b[0]];
    } else if (op === "*") result = [a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0]];
    else result = op === "+" ? [a[0] + b[0], a[1] + b[1]] : [a[0] - b[0], a[1] - b[1]];
    // No negative zeros: 0 * -5 is -0 in JavaScript, 0 in Python's ints.
    [a, b, result] = [a, b, result].map(([re, im]) => [re + 0, im + 0] as Complex) as [Complex, Complex, Complex];
    const [word, sign] = WORDS[op]!;
    return {
      question: `What is the ${word} (${complexText(a)}) ${sign} (${complexText(b)})? Write it as a + bi.`,
      answer: complexText(result),
      metadata: {
        source_dataset: "complex_arithmetic",
        source_index: index,
        num1: a,
        num2: b,
        operation: op,
        result,
        difficulty: { min_real: minReal, max_real: maxReal, min_imag: minImag, max_imag: maxImag, operations_weights: weights },
      },
    };
  },
  deviations: ["An answer with a NaN part (\"nan\", \"nanj\") scores 0; the library's min(1.0, exp(-nan)) gives it 1.0."],
});
