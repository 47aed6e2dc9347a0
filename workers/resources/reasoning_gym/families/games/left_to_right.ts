// Random arithmetic built left to right (countdown and puzzle24 generators): the drawn numbers in
// order, each joined to the running value by a random operator; a division only where one of the
// numbers still to come divides the running value exactly (it is swapped into place), else a
// subtraction. Returns the expression (parenthesised where the order needs it) and its value.
import type { Rng } from "../rng.ts";

export type Operator = "+" | "-" | "*" | "/";

export function buildLeftToRight(rng: Rng, numbers: number[], operators: readonly Operator[]): { expression: string; value: number } {
  let value = numbers[0]!;
  let expression = String(value);
  let additive = false; // whether the expression's last operator is + or -
  for (let i = 1; i < numbers.length; i++) {
    let op = rng.choice(operators);
    if (op === "/") {
      const divisors = rng.shuffled(numbers.slice(i).map((n, k) => [n, i + k] as const)).filter(([n]) => n !== 0 && value % n === 0);
      if (divisors.length > 0) {
        const [, at] = divisors[0]!;
        [numbers[i], numbers[at]] = [numbers[at]!, numbers[i]!];
      } else op = "-";
    }
    const n = numbers[i]!;
    if (op === "*" || op === "/") {
      if (additive) expression = `(${expression})`;
      expression = `${expression}${op}${n}`;
      value = op === "*" ? value * n : value / n;
      additive = false;
    } else {
      expression = `${expression} ${op} ${n}`;
      value = op === "+" ? value + n : value - n;
      additive = true;
    }
  }
  return { expression, value };
}

const OPERATORS = new Set(["+", "-", "*", "/"]);

/** The config's operator list: a non-empty list of + - * /. */
export function configOperators(config: Record<string, unknown>): Operator[] {
  const ops = config.operators ?? ["+", "-", "*", "/"];
  if (!Array.isArray(ops) || ops.length === 0 || !ops.every((op) => OPERATORS.has(op as string))) throw new RangeError(`operators must be a non-empty list of "+", "-", "*", "/", got ${JSON.stringify(ops)}`);
  return ops as Operator[];
}
