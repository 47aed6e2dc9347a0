// basic_arithmetic: evaluate an integer expression (each division exact, read as Python's floor
// division, as the library evaluates it); the library's base scorer (the stored answer exactly, or
// its share of a longer answer that contains it).
import { defaultScore } from "../default_score.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configBool, configRange } from "../support/generator_config.ts";
import { evaluateIntExpression } from "./int_expression.ts";

const OPERATORS = ["+", "-", "*", "/"];
const evaluate = (tokens: readonly string[]) => evaluateIntExpression(tokens.join(" "), { floorDivision: true });

function choices<T extends string>(config: Record<string, unknown>, field: string, allowed: readonly T[], fallback: T): T {
  const value = config[field] ?? fallback;
  if (!allowed.includes(value as T)) throw new RangeError(`${field} must be one of ${allowed.join(", ")}, got ${JSON.stringify(value)}`);
  return value as T;
}

function operators(config: Record<string, unknown>): string[] {
  const value = config.operators ?? OPERATORS;
  if (!Array.isArray(value) || value.length === 0 || !value.every((op) => OPERATORS.includes(op))) throw new RangeError(`operators must be a non-empty list of + - * /, got ${JSON.stringify(value)}`);
  return value;
}

/** The tokens a division's divisor divides: those after the last + or - outside parentheses. */
function divided(tokens: readonly string[]): string[] {
  let depth = 0;
  let start = 0;
  for (const [i, token] of tokens.entries()) {
    if (token.endsWith("(")) depth++;
    else if (token === ")") depth--;
    else if (depth === 0 && (token === "+" || token === "-")) start = i + 1;
  }
  return tokens.slice(start);
}

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minTerms, maxTerms] = configRange(config, "terms", [2, 6], [1, 100]);
  const [minDigits, maxDigits] = configRange(config, "digits", [1, 4], [1, 15]);
  const ops = operators(config);
  const parentheses = configBool(config, "allow_parentheses", true);
  const negation = configBool(config, "allow_negation", true);
  const style = choices(config, "format_style", ["simple", "natural"] as const, "simple");
  const spacing = choices(config, "whitespace", ["no_space", "single", "random"] as const, "single");
  const numTerms = rng.int(minTerms, maxTerms);
  const numDigits = rng.int(minDigits, maxDigits);
  const limit = 10 ** numDigits - 1;
  const constant = () => String(rng.int(-limit, limit));

  /** A divisor of `value` no longer than an operand (1 always qualifies; any for 0). */
  function divisor(value: bigint): string {
    if (value === 0n) return String(rng.int(1, limit));
    const magnitude = value < 0n ? -value : value;
    const found: number[] = [];
    for (let d = 1; d <= limit && BigInt(d) <= magnitude; d++) if (magnitude % BigInt(d) === 0n) found.push(d);
    return String(rng.choice(found));
  }

  // With parentheses, a composite operand is parenthesised (sometimes negated), so precedence never decides.
  const operand = (tokens: string[]) => (!parentheses || tokens.length === 1 ? tokens : [negation && rng.chance(0.25) ? "-(" : "(", ...tokens, ")"]);

  function expression(terms: number): string[] {
    let tokens = [constant()];
    let left = terms - 1;
    while (left > 0) {
      const op = rng.choice(ops);
      if (op === "/") {
        tokens = operand(tokens);
        tokens = [...tokens, "/", divisor(evaluate(divided(tokens)))];
        left -= 1;
      } else {
        const size = parentheses ? rng.int(1, left) : 1;
        tokens = [...operand(tokens), op, ...operand(expression(size))];
        left -= size;
      }
    }
    return tokens;
  }

  const tokens = expression(numTerms);
  const joined = spacing === "single" ? tokens.join(" ") : spacing === "no_space" ? tokens.join("") : tokens.map((t, i) => (i > 0 && rng.chance(0.15) ? ` ${t}` : t)).join("");
  const question = style === "simple" ? `Work out ${joined} (every / divides exactly).` : rng.choice([`What does ${joined} come to? Each / divides exactly.`, `Find the value of ${joined}; each / divides exactly.`, `Evaluate ${joined}, where each / divides exactly.`]);
  return {
    question,
    answer: evaluate(tokens).toString(),
    metadata: { source_dataset: "basic_arithmetic", source_index: index, expression: joined, num_terms: numTerms, num_digits: numDigits, difficulty: { num_terms: [minTerms, maxTerms], num_digits: [minDigits, maxDigits] } },
  };
}

export default defineFamily({ name: "basic_arithmetic", category: "arithmetic", scorer: "default", score: defaultScore, generate });
