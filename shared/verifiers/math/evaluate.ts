// A parsed expression evaluated at 64 significant digits with mathjs's BigNumber functions, one
// node at a time so each step spends from the check's budget. Only arithmetic, powers, roots,
// factorials, binomials, logs, exponentials, trigonometry, abs, floor and ceil are evaluated;
// any other node makes the expression unsupported. Each operation's cost is bounded up front:
// factorials and binomials pay per multiplication and have a ceiling; powers are computed by
// decimal.js in O(log exponent) steps and overflow to Infinity rather than growing.
import type { BigNumber, MathNode } from "mathjs";
import type { Budget } from "./budget.ts";
import { BudgetExhausted } from "./budget.ts";
import { math } from "./library.ts";
import { NotMath } from "./to_expression.ts";

export type Scope = ReadonlyMap<string, BigNumber>;

const MAX_NODES = 1_500;
/** The largest n whose n! (or binomial with n below it) is multiplied out. */
const MAX_FACTORIAL = 5_000;

const NAN = math.bignumber(Number.NaN);
// With BigNumber configured, mathjs's pi and e are BigNumbers at full precision (typed as numbers).
const CONSTANTS: ReadonlyMap<string, BigNumber> = new Map([
  ["pi", math.pi as unknown as BigNumber],
  ["e", math.e as unknown as BigNumber],
  ["Infinity", math.bignumber(Number.POSITIVE_INFINITY)],
]);

// Results are checked to be real BigNumbers where they are used, so any mathjs type may come back.
type Fn = (args: BigNumber[], budget: Budget) => unknown;

const unary = (f: (x: BigNumber) => unknown): Fn => (args) => {
  if (args.length !== 1) throw new NotMath("arity");
  return f(args[0]!);
};

function naturalCount(x: BigNumber): number {
  if (!x.isInteger() || x.isNegative()) return Number.NaN;
  if (x.greaterThan(MAX_FACTORIAL)) throw new BudgetExhausted(`factorial or binomial of ${x.toString()}`);
  return x.toNumber();
}

const FUNCTIONS: Record<string, Fn> = {
  sqrt: unary((x) => math.sqrt(x)),
  abs: unary((x) => math.abs(x)),
  floor: unary((x) => math.floor(x)),
  ceil: unary((x) => math.ceil(x)),
  exp: unary((x) => math.exp(x)),
  log10: unary((x) => math.log10(x)),
  sin: unary((x) => math.sin(x)),
  cos: unary((x) => math.cos(x)),
  tan: unary((x) => math.tan(x)),
  cot: unary((x) => math.cot(x)),
  sec: unary((x) => math.sec(x)),
  csc: unary((x) => math.csc(x)),
  asin: unary((x) => math.asin(x)),
  acos: unary((x) => math.acos(x)),
  atan: unary((x) => math.atan(x)),
  sinh: unary((x) => math.sinh(x)),
  cosh: unary((x) => math.cosh(x)),
  tanh: unary((x) => math.tanh(x)),
  log: (args) => {
    if (args.length === 1) return math.log(args[0]!);
    if (args.length === 2) return math.log(args[0]!, args[1]!);
    throw new NotMath("arity");
  },
  nthRoot: (args) => {
    if (args.length !== 2) throw new NotMath("arity");
    return math.nthRoot(args[0]!, args[1]!);
  },
  gcd: (args) => (args.length >= 2 && args.every((a) => a.isInteger()) ? args.reduce((a, b) => math.gcd(a, b) as BigNumber) : NAN),
  lcm: (args) => (args.length >= 2 && args.every((a) => a.isInteger()) ? args.reduce((a, b) => math.lcm(a, b) as BigNumber) : NAN),
  combinations: (args, budget) => {
    if (args.length !== 2) throw new NotMath("arity");
    const n = naturalCount(args[0]!);
    const k = naturalCount(args[1]!);
    if (Number.isNaN(n) || Number.isNaN(k) || k > n) return NAN;
    budget.spend(Math.min(k, n - k), "binomial");
    return math.combinations(args[0]!, args[1]!);
  },
};

const OPERATORS: Record<string, Fn> = {
  add: ([a, b]) => math.add(a!, b!),
  subtract: ([a, b]) => math.subtract(a!, b!),
  multiply: ([a, b]) => math.multiply(a!, b!),
  divide: ([a, b]) => math.divide(a!, b!),
  pow: ([a, b]) => math.pow(a!, b!),
  unaryMinus: ([a]) => math.unaryMinus(a!),
  unaryPlus: ([a]) => a!,
  factorial: ([a], budget) => {
    const n = naturalCount(a!);
    if (Number.isNaN(n)) return NAN;
    budget.spend(n, "factorial");
    return math.factorial(a!);
  },
};

/** Parses a mathjs expression and checks it uses only what `evaluate` knows; NotMath otherwise. */
export function parseExpression(expression: string, budget: Budget): MathNode {
  let node: MathNode;
  try {
    node = math.parse(expression);
  } catch {
    throw new NotMath("mathjs could not parse it");
  }
  let nodes = 0;
  node.traverse((n) => {
    nodes++;
    if (n.type === "FunctionNode" && !Object.hasOwn(FUNCTIONS, (n as unknown as { fn: { name: string } }).fn.name)) throw new NotMath("unknown function");
    if (n.type === "OperatorNode" && !Object.hasOwn(OPERATORS, (n as unknown as { fn: string }).fn)) throw new NotMath("unknown operator");
    if (!["ConstantNode", "SymbolNode", "OperatorNode", "FunctionNode", "ParenthesisNode"].includes(n.type)) throw new NotMath(n.type);
  });
  if (nodes > MAX_NODES) throw new BudgetExhausted(`${nodes} nodes`);
  budget.spend(nodes, "parsing");
  return node;
}

/** The variables of an expression (symbols other than pi, e and Infinity), sorted. */
export function variables(node: MathNode): string[] {
  const names = new Set<string>();
  node.traverse((n, _path, parent) => {
    // A function's own name is a SymbolNode too.
    if (n.type !== "SymbolNode" || (parent as unknown as { fn?: unknown } | null)?.fn === n) return;
    const name = (n as unknown as { name: string }).name;
    if (!CONSTANTS.has(name)) names.add(name);
  });
  return [...names].sort();
}

/** The value at `scope`: NaN where the expression is undefined or not real. */
export function evaluate(node: MathNode, scope: Scope, budget: Budget): BigNumber {
  budget.spend(1, "evaluating");
  const n = node as unknown as { type: string; value?: unknown; name?: string; fn?: string | { name: string }; args?: MathNode[]; content?: MathNode };
  switch (n.type) {
    case "ConstantNode":
      // mathjs reads `Infinity` as a plain number even in BigNumber mode.
      if (n.value === Number.POSITIVE_INFINITY || n.value === Number.NEGATIVE_INFINITY) return math.bignumber(n.value);
      return math.isBigNumber(n.value) ? n.value : NAN;
    case "SymbolNode":
      return scope.get(n.name!) ?? CONSTANTS.get(n.name!) ?? NAN;
    case "ParenthesisNode":
      return evaluate(n.content!, scope, budget);
    case "OperatorNode":
    case "FunctionNode": {
      const args = n.args!.map((arg) => evaluate(arg, scope, budget));
      if (args.some((a) => a.isNaN())) return NAN;
      const apply = n.type === "OperatorNode" ? OPERATORS[n.fn as string]! : FUNCTIONS[(n.fn as { name: string }).name]!;
      try {
        const result = apply(args, budget);
        return math.isBigNumber(result) ? result : NAN;
      } catch (err) {
        if (err instanceof BudgetExhausted) throw err;
        // Outside a function's domain (decimal.js and mathjs throw there): undefined at this point.
        return NAN;
      }
    }
    default:
      throw new NotMath(n.type);
  }
}
