// "What is 27 + 58?", "48 divided by 6", "125 plus 375": the one binary operation a question
// asks for, worked out.
const OPERATORS: Record<string, (a: number, b: number) => number> = {
  "+": (a, b) => a + b,
  plus: (a, b) => a + b,
  "-": (a, b) => a - b,
  "−": (a, b) => a - b,
  minus: (a, b) => a - b,
  "×": (a, b) => a * b,
  "*": (a, b) => a * b,
  times: (a, b) => a * b,
  "multiplied by": (a, b) => a * b,
  "÷": (a, b) => a / b,
  "/": (a, b) => a / b,
  "divided by": (a, b) => a / b,
};

// The lookbehind starts a number only where a digit run starts, so the scan stays linear.
const EXPRESSION = /(?<![\d.])(\d+(?:\.\d+)?)\s*(\+|-|−|×|\*|÷|\/|plus|minus|times|multiplied by|divided by)\s*(\d+(?:\.\d+)?)/i;

export interface Worked {
  expression: string;
  value: number;
}

export function workOut(question: string): Worked | undefined {
  const match = EXPRESSION.exec(question);
  if (!match) return undefined;
  const [expression, a, operator, b] = match as unknown as [string, string, string, string];
  const value = OPERATORS[operator.toLowerCase()]!(Number(a), Number(b));
  return Number.isFinite(value) ? { expression, value } : undefined;
}

/** A plausible slip: off by one unit of the leading digit (85 → 95, 8 → 9), never close enough to pass for right. */
export function slip(value: number): number {
  const magnitude = Math.abs(value) >= 1 ? 10 ** Math.floor(Math.log10(Math.abs(value))) : 1;
  return value + magnitude;
}
