// fraction_simplification: reduce a fraction to lowest terms. The answer (stripped, then of its
// surrounding $ signs) is read as \frac{a}{b} or \dfrac{a}{b} at its start, else as "a/b" split at
// the first slash: the reduced fraction scores 1.0; the original numerator or denominator 0.1; any
// other fraction 0.05; no readable fraction (or no answer) 0.01, as in the library.
import { PY_SPACE, pyStrip, pythonInt } from "../../../../../shared/verifiers/python_str.ts";
import type { Metadata } from "../family.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";

const LATEX = new RegExp(`^\\\\(?:frac|dfrac)[${PY_SPACE}]*\\{[${PY_SPACE}]*(\\p{Nd}+)[${PY_SPACE}]*\\}[${PY_SPACE}]*\\{[${PY_SPACE}]*(\\p{Nd}+)[${PY_SPACE}]*\\}`, "iu");

/** text.strip(chars) for one character. */
function stripChar(text: string, char: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === char) start++;
  while (end > start && text[end - 1] === char) end--;
  return text.slice(start, end);
}

function readFraction(answer: string): [bigint, bigint] | undefined {
  const cleaned = pyStrip(stripChar(pyStrip(answer), "$"));
  const latex = LATEX.exec(cleaned);
  const parts = latex ? [latex[1]!, latex[2]!] : cleaned.includes("/") ? [cleaned.slice(0, cleaned.indexOf("/")), cleaned.slice(cleaned.indexOf("/") + 1)] : undefined;
  const numerator = parts && pythonInt(pyStrip(parts[0]!));
  const denominator = parts && pythonInt(pyStrip(parts[1]!));
  return numerator === undefined || denominator === undefined ? undefined : [numerator, denominator];
}

/** Whether metadata[key] (which must exist: the library raises otherwise) equals n as Python's == would. */
function equals(metadata: Metadata, key: string, n: bigint): boolean {
  if (!(key in metadata)) throw new RangeError(`metadata.${key} is missing`);
  const value = metadata[key];
  return typeof value === "number" && Number.isInteger(value) && BigInt(value) === n;
}

const STYLES = ["plain", "latex_inline", "latex_frac", "latex_dfrac"] as const;
type Style = (typeof STYLES)[number];

function written(numerator: number, denominator: number, style: Style): string {
  if (style === "plain") return `${numerator}/${denominator}`;
  if (style === "latex_inline") return `$${numerator}/${denominator}$`;
  return `$\\${style === "latex_frac" ? "frac" : "dfrac"}{${numerator}}{${denominator}}$`;
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

function styles(config: Record<string, unknown>): Style[] {
  const value = config.styles ?? STYLES;
  if (!Array.isArray(value) || value.length === 0 || !value.every((s) => STYLES.includes(s as Style))) throw new RangeError(`styles must be a non-empty list of ${STYLES.join(", ")}, got ${JSON.stringify(value)}`);
  return value as Style[];
}

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minValue, maxValue] = configRange(config, "value", [1, 1000], [1, 1_000_000_000], true);
  const [minFactor, maxFactor] = configRange(config, "factor", [1, 100], [1, 1_000_000]);
  const allowed = styles(config);
  // A reduced fraction, smaller part on top, then scaled up by a factor. Reducing can take a part
  // below min_value: up to ten draws look for one that stays within the range (the last is kept).
  let top = 1;
  let bottom = 1;
  for (let attempt = 0; attempt < 10; attempt++) {
    top = rng.int(minValue, maxValue);
    bottom = rng.int(minValue, maxValue);
    const common = gcd(top, bottom);
    [top, bottom] = [top / common, bottom / common];
    if (top >= minValue && bottom >= minValue) break;
  }
  if (top > bottom) [top, bottom] = [bottom, top];
  const factor = rng.int(minFactor, maxFactor);
  const style = rng.choice(allowed);
  return {
    question: `Reduce ${written(top * factor, bottom * factor, style)} to lowest terms, and answer with the reduced fraction only.`,
    answer: written(top, bottom, style),
    metadata: {
      source_dataset: "fraction_simplification",
      source_index: index,
      numerator: top * factor,
      denominator: bottom * factor,
      simplified_numerator: top,
      simplified_denominator: bottom,
      reduction_factor: factor,
      style,
      factor,
      difficulty: { value: [minValue, maxValue], factor: [minFactor, maxFactor] },
    },
  };
}

export default defineFamily({
  name: "fraction_simplification",
  category: "arithmetic",
  scorer: "own",
  score(answer, entry) {
    const fraction = answer === null ? undefined : readFraction(answer);
    if (fraction === undefined) return 0.01;
    const [numerator, denominator] = fraction;
    const metadata = entry.metadata;
    // The library's order of look-ups: a missing key it reaches makes it score 0.01.
    try {
      if (equals(metadata, "simplified_numerator", numerator) && equals(metadata, "simplified_denominator", denominator)) return 1;
      if (equals(metadata, "numerator", numerator) || equals(metadata, "denominator", denominator)) return 0.1;
    } catch {
      return 0.01;
    }
    return 0.05;
  },
  generate,
});
