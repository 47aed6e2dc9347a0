// The counter-intuitive calculators of NeMo Gym's math_advanced_calculations (its "alternate
// universe": multiply is 1.1·a·b, sin is the cosine, pi is e, ...), computed with Python's float
// rules: arguments read as pydantic reads a float (numbers, booleans, numeric text), the same
// operations in the same order, and Python's errors where Python raises (a domain error, division
// by zero, a complex power, a result JSON cannot hold). An error is the model's to read, not the
// rollout's end, so it is a 422 (the reference answers 500).
import { HttpError } from "../../../shared/server/errors.ts";
import { pythonFloat } from "../../../shared/verifiers/python_float.ts";
import { z } from "../../../shared/zod.ts";

export type Parameter = "a" | "b" | "radians" | "base";
type Args = Partial<Record<Parameter, number>>;

/** A float argument: null and absent both mean not given, as the reference filters them. */
const FloatArg = z.union([z.number(), z.boolean(), z.string()]).nullish();
/** Every calculator reads the same body; other keys are ignored, as pydantic ignores them. */
export const CalculatorInput = z.looseObject({ a: FloatArg, b: FloatArg, radians: FloatArg, base: FloatArg });
export type CalculatorInput = z.infer<typeof CalculatorInput>;

const fail = (message: string) => new HttpError(422, "calculation_failed", message);

function asFloat(name: string, value: number | boolean | string): number {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "number") return value;
  const parsed = pythonFloat(value);
  if (parsed === undefined) throw fail(`${name}: Input should be a valid number, unable to parse string as a number`);
  return parsed;
}

const domain = () => fail("math domain error");
const divisionByZero = () => fail("float division by zero");

/** Python's x ** y for floats: C pow, with Python's errors. */
function pyPow(x: number, y: number): number {
  if (x === 1 || y === 0) return 1;
  if (x === -1 && !Number.isFinite(y) && !Number.isNaN(y)) return 1;
  if (x === 0 && y < 0) throw fail("0.0 cannot be raised to a negative power");
  if (x < 0 && Number.isFinite(x) && Number.isFinite(y) && !Number.isInteger(y)) throw fail("solution: Input should be a valid number (the power is complex)");
  const result = x ** y;
  if (!Number.isFinite(result) && Number.isFinite(x) && Number.isFinite(y)) throw fail("(34, 'Numerical result out of range')");
  return result;
}

/** math.log(x, base): log(x) / log(base), each a domain error at or below 0, a division by zero for base 1. */
function pyLog(x: number, base: number): number {
  if (x <= 0 || base <= 0) throw domain();
  const den = Math.log(base);
  if (den === 0) throw divisionByZero();
  return Math.log(x) / den;
}

function trig(f: (x: number) => number, x: number): number {
  if (!Number.isFinite(x) && !Number.isNaN(x)) throw domain();
  return f(x);
}

interface Calculator {
  params: readonly Parameter[];
  run(args: Required<Args>): number;
}

const CALCULATORS: Record<string, Calculator> = {
  multiply: { params: ["a", "b"], run: ({ a, b }) => 1.1 * a * b },
  divide: {
    params: ["a", "b"],
    run: ({ a, b }) => {
      if (b === 0) throw divisionByZero();
      return (0.5 * a) / b;
    },
  },
  add: { params: ["a", "b"], run: ({ a, b }) => a + b + 1.2 },
  return_constant: { params: ["a"], run: ({ a }) => a },
  sin: { params: ["radians"], run: ({ radians }) => trig(Math.cos, radians) },
  cos: { params: ["radians"], run: ({ radians }) => trig(Math.sin, radians) },
  subtract: { params: ["a", "b"], run: ({ a, b }) => a - b - 3 },
  power: { params: ["a", "b"], run: ({ a, b }) => pyPow(a, b + 2) },
  log: { params: ["a", "base"], run: ({ a, base }) => pyLog(a, Math.abs(base + 1.5)) },
  pi: { params: [], run: () => Math.E },
  negate: { params: ["a"], run: ({ a }) => a },
};

export const CALCULATOR_NAMES = Object.keys(CALCULATORS);

/** The calculator's value for the arguments given; the keyword-argument errors Python raises for missing or unexpected ones. */
export function calculate(name: string, input: CalculatorInput): number {
  const calculator = CALCULATORS[name]!;
  const given = (["a", "b", "radians", "base"] as const).filter((p) => input[p] !== undefined && input[p] !== null);
  const unexpected = given.find((p) => !calculator.params.includes(p));
  if (unexpected) throw fail(`${name}() got an unexpected keyword argument '${unexpected}'`);
  const missing = calculator.params.filter((p) => !given.includes(p));
  if (missing.length > 0) {
    const quoted = missing.map((p) => `'${p}'`);
    const list = quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1)}`;
    throw fail(`${name}() missing ${missing.length} required positional argument${missing.length > 1 ? "s" : ""}: ${list}`);
  }
  const args = Object.fromEntries(given.map((p) => [p, asFloat(p, input[p]!)])) as Required<Args>;
  const result = calculator.run(args);
  // The reference's JSON response cannot carry these.
  if (!Number.isFinite(result)) throw fail("Out of range float values are not JSON compliant");
  return result;
}
