// The GSM8k environment's calculator: a Python expression over numbers, evaluated as Python would
// (fhaviary's safe evaluator: + - * / // % ** and unary signs, abs/round/min/max/sum, int and float
// constants, True/False as 1/0), ints exact (BigInt) and floats IEEE. Anything else is an error, as
// any error is there: names, strings, comparisons, tuples, attributes. One pass of tokens and a
// recursive descent bounded in depth, so a long expression costs its length.

export type PyNum = { int: bigint } | { float: number };

export class CalcError extends Error {
  /** The Python exception class the reference raises (ValueError, TypeError, OverflowError). */
  readonly pyType: string;

  constructor(pyType: string, message: string) {
    super(message);
    this.pyType = pyType;
  }
}

const invalid = (why: string) => new CalcError("ValueError", why);
/** Nesting deeper than this is refused, as Python's parser refuses 200 nested parentheses. */
const MAX_DEPTH = 200;
/**
 * Ints past this many bits are refused as they arise (Python would go on computing them); the
 * reference cannot print an int of more than 4300 digits (about 14,300 bits) anyway.
 */
const MAX_INT_BITS = 100_000;
const INT_LIMIT = 1n << BigInt(MAX_INT_BITS);

type Token = { kind: "num"; value: PyNum | "complex" } | { kind: "name"; text: string } | { kind: "op"; text: string };

const DIGITS = String.raw`\d(?:_?\d)*`;
const NUMBER = new RegExp(
  String.raw`0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+|(?:${DIGITS}(?:\.(?:${DIGITS})?)?|\.${DIGITS})(?:[eE][+-]?${DIGITS})?[jJ]?`,
  "y",
);
const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const OPS = ["**", "//", "+", "-", "*", "/", "%", "(", ")", ",", "="];

function numberToken(text: string): Token {
  if (/[jJ]$/.test(text)) return { kind: "num", value: "complex" };
  const plain = text.replaceAll("_", "");
  if (/^0[xXoObB]/.test(plain)) return { kind: "num", value: { int: BigInt(plain.toLowerCase()) } };
  if (/[.eE]/.test(plain)) return { kind: "num", value: { float: Number(plain) } };
  // Python refuses leading zeros on a non-zero decimal int ("012").
  if (/^0+[1-9]/.test(plain)) throw new CalcError("SyntaxError", "leading zeros in decimal integer literals are not permitted");
  return { kind: "num", value: { int: BigInt(plain) } };
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let depth = 0;
  for (let i = 0; i < text.length; ) {
    const c = text[i]!;
    if (c === " " || c === "\t" || c === "\f") {
      i++;
      continue;
    }
    if (c === "\n" || c === "\r") {
      // A line break only continues an expression inside brackets.
      if (depth === 0) throw new CalcError("SyntaxError", "invalid syntax");
      i++;
      continue;
    }
    if (c === "\\" && (text[i + 1] === "\n" || text[i + 1] === "\r")) {
      i += 2;
      continue;
    }
    if (c === "#") {
      while (i < text.length && text[i] !== "\n") i++;
      continue;
    }
    NUMBER.lastIndex = i;
    const number = /[0-9.]/.test(c) ? NUMBER.exec(text) : null;
    if (number) {
      tokens.push(numberToken(number[0]));
      i += number[0].length;
      continue;
    }
    NAME.lastIndex = i;
    const name = NAME.exec(text);
    if (name) {
      tokens.push({ kind: "name", text: name[0] });
      i += name[0].length;
      continue;
    }
    const op = OPS.find((o) => text.startsWith(o, i));
    if (!op) throw new CalcError("SyntaxError", "invalid syntax");
    if (op === "(") depth++;
    if (op === ")") depth--;
    tokens.push({ kind: "op", text: op });
    i += op.length;
  }
  return tokens;
}

// The tree, as Python's ast gives it for the supported subset; anything else is an `unsupported` node.
type Node =
  | { kind: "const"; value: PyNum | "complex" | "none" }
  | { kind: "bin"; op: string; left: Node; right: Node }
  | { kind: "unary"; op: string; operand: Node }
  | { kind: "call"; func: Node; args: Node[] }
  | { kind: "name"; text: string }
  | { kind: "unsupported"; what: string };

function parse(tokens: Token[]): Node {
  let pos = 0;
  const peekOp = (...ops: string[]) => {
    const t = tokens[pos];
    return t?.kind === "op" && ops.includes(t.text) ? t.text : undefined;
  };
  const expectOp = (op: string) => {
    if (!peekOp(op)) throw new CalcError("SyntaxError", "invalid syntax");
    pos++;
  };
  const deeper = (depth: number) => {
    if (depth > MAX_DEPTH) throw new CalcError("RecursionError", "expression too deeply nested");
    return depth + 1;
  };
  const sum = (depth: number): Node => {
    let left = term(deeper(depth));
    for (let op = peekOp("+", "-"); op; op = peekOp("+", "-")) {
      pos++;
      left = { kind: "bin", op, left, right: term(depth + 1) };
    }
    return left;
  };
  const term = (depth: number): Node => {
    let left = factor(depth);
    for (let op = peekOp("*", "/", "//", "%"); op; op = peekOp("*", "/", "//", "%")) {
      pos++;
      left = { kind: "bin", op, left, right: factor(depth) };
    }
    return left;
  };
  const factor = (depth: number): Node => {
    const op = peekOp("+", "-");
    if (op) {
      pos++;
      return { kind: "unary", op, operand: factor(deeper(depth)) };
    }
    return power(depth);
  };
  const power = (depth: number): Node => {
    const base = primary(depth);
    if (!peekOp("**")) return base;
    pos++;
    return { kind: "bin", op: "**", left: base, right: factor(deeper(depth)) };
  };
  const primary = (depth: number): Node => {
    let node = atom(depth);
    while (peekOp("(")) {
      pos++;
      const args: Node[] = [];
      let keywords = false;
      while (!peekOp(")")) {
        const t = tokens[pos];
        // A keyword argument is parsed, and (as the reference never reads keywords) not evaluated.
        if (t?.kind === "name" && tokens[pos + 1]?.kind === "op" && (tokens[pos + 1] as { text: string }).text === "=") {
          pos += 2;
          sum(deeper(depth));
          keywords = true;
        } else {
          if (keywords) throw new CalcError("SyntaxError", "positional argument follows keyword argument");
          args.push(sum(deeper(depth)));
        }
        if (!peekOp(",")) break;
        pos++;
      }
      expectOp(")");
      node = { kind: "call", func: node, args };
    }
    return node;
  };
  const atom = (depth: number): Node => {
    const t = tokens[pos++];
    if (t === undefined) throw new CalcError("SyntaxError", "invalid syntax");
    if (t.kind === "num") return { kind: "const", value: t.value };
    if (t.kind === "name") {
      if (t.text === "True" || t.text === "False") return { kind: "const", value: { int: t.text === "True" ? 1n : 0n } };
      if (t.text === "None") return { kind: "const", value: "none" };
      if (KEYWORDS.has(t.text)) throw new CalcError("SyntaxError", "invalid syntax");
      return { kind: "name", text: t.text };
    }
    if (t.text !== "(") throw new CalcError("SyntaxError", "invalid syntax");
    if (peekOp(")")) {
      pos++;
      return { kind: "unsupported", what: "Tuple" };
    }
    const inner = sum(deeper(depth));
    if (peekOp(",")) {
      while (peekOp(",")) {
        pos++;
        if (peekOp(")")) break;
        sum(deeper(depth));
      }
      expectOp(")");
      return { kind: "unsupported", what: "Tuple" };
    }
    expectOp(")");
    return inner;
  };
  const root = sum(0);
  if (peekOp(",")) {
    // `1, 2` at the top is a tuple: checked for syntax, then refused.
    while (peekOp(",")) {
      pos++;
      if (pos < tokens.length) sum(0);
    }
    if (pos < tokens.length) throw new CalcError("SyntaxError", "invalid syntax");
    return { kind: "unsupported", what: "Tuple" };
  }
  if (pos < tokens.length) throw new CalcError("SyntaxError", "invalid syntax");
  return root;
}

// Python's keywords are syntax, not names: an expression naming one does not parse.
const KEYWORDS = new Set(["and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield"]);

const isInt = (n: PyNum): n is { int: bigint } => "int" in n;

function toFloat(n: PyNum): number {
  if (!isInt(n)) return n.float;
  const f = Number(n.int);
  if (!Number.isFinite(f)) throw new CalcError("OverflowError", "int too large to convert to float");
  return f;
}

const zeroDivision = () => new CalcError("ZeroDivisionError", "division by zero");

const floorDivInt = (a: bigint, b: bigint) => {
  const q = a / b;
  return (a % b !== 0n && (a < 0n) !== (b < 0n)) ? q - 1n : q;
};
const modInt = (a: bigint, b: bigint) => {
  const r = a % b;
  return r !== 0n && (r < 0n) !== (b < 0n) ? r + b : r;
};

/** Python's float divmod (floatobject.c): the floor quotient and a remainder with the divisor's sign. */
function floatDivmod(a: number, b: number): [number, number] {
  if (b === 0) throw zeroDivision();
  let mod = a % b;
  let div = (a - mod) / b;
  if (mod) {
    if (b < 0 !== mod < 0) {
      mod += b;
      div -= 1;
    }
  } else mod = b < 0 ? -0 : 0;
  let floor: number;
  if (div) {
    floor = Math.floor(div);
    if (div - floor > 0.5) floor += 1;
  } else floor = a / b < 0 || Object.is(a / b, -0) ? -0 : 0;
  return [floor, mod];
}

function floatPow(a: number, b: number): PyNum {
  if (a === 0 && b < 0) throw zeroDivision();
  if (a === 1 || b === 0) return { float: 1 };
  if (a === -1 && !Number.isFinite(b)) return { float: 1 };
  if (a < 0 && Number.isFinite(b) && !Number.isInteger(b)) throw new CalcError("TypeError", "complex results are not supported");
  const r = a ** b;
  if (!Number.isFinite(r) && Number.isFinite(a) && Number.isFinite(b)) throw new CalcError("OverflowError", "(34, 'Numerical result out of range')");
  return { float: r };
}

function binary(op: string, x: PyNum, y: PyNum): PyNum {
  const result = binaryUnbounded(op, x, y);
  if (isInt(result) && (result.int >= INT_LIMIT || result.int <= -INT_LIMIT)) throw new CalcError("OverflowError", "integer result too large");
  return result;
}

function binaryUnbounded(op: string, x: PyNum, y: PyNum): PyNum {
  if (isInt(x) && isInt(y)) {
    const [a, b] = [x.int, y.int];
    switch (op) {
      case "+": return { int: a + b };
      case "-": return { int: a - b };
      case "*": return { int: a * b };
      case "/":
        if (b === 0n) throw zeroDivision();
        return { float: toFloat(x) / toFloat(y) };
      case "//":
        if (b === 0n) throw zeroDivision();
        return { int: floorDivInt(a, b) };
      case "%":
        if (b === 0n) throw zeroDivision();
        return { int: modInt(a, b) };
      default: {
        if (b < 0n) return floatPow(toFloat(x), toFloat(y));
        const bits = a === 0n || a === 1n || a === -1n ? 0 : (a < 0n ? -a : a).toString(2).length * Number(b);
        if (bits > MAX_INT_BITS) throw new CalcError("OverflowError", "integer result too large");
        return { int: a ** b };
      }
    }
  }
  const [a, b] = [toFloat(x), toFloat(y)];
  switch (op) {
    case "+": return { float: a + b };
    case "-": return { float: a - b };
    case "*": return { float: a * b };
    case "/":
      if (b === 0) throw zeroDivision();
      return { float: a / b };
    case "//": return { float: floatDivmod(a, b)[0] };
    case "%": return { float: floatDivmod(a, b)[1] };
    default: return floatPow(a, b);
  }
}

/** Python's round(): half to even on the double's exact value; with ndigits, a float (an int for an int). */
function pyRound(x: PyNum, ndigits?: PyNum): PyNum {
  if (ndigits !== undefined && !isInt(ndigits)) throw new CalcError("TypeError", "'float' object cannot be interpreted as an integer");
  if (isInt(x)) {
    if (ndigits === undefined || ndigits.int >= 0n) return x;
    const unit = 10n ** -ndigits.int;
    const q = floorDivInt(x.int, unit);
    const r = x.int - q * unit;
    const up = 2n * r > unit || (2n * r === unit && q % 2n !== 0n);
    return { int: (up ? q + 1n : q) * unit };
  }
  const v = x.float;
  if (ndigits === undefined) {
    if (Number.isNaN(v)) throw new CalcError("ValueError", "cannot convert float NaN to integer");
    if (!Number.isFinite(v)) throw new CalcError("OverflowError", "cannot convert float infinity to integer");
    const f = Math.floor(v);
    const diff = v - f;
    const r = diff > 0.5 || (diff === 0.5 && f % 2 !== 0) ? f + 1 : f;
    return { int: BigInt(r) };
  }
  if (!Number.isFinite(v) || v === 0) return x;
  const n = Number(ndigits.int);
  if (n > 308) return x;
  if (n < -308) return { float: v < 0 ? -0 : 0 };
  if (n < 0) {
    const scaled = pyRound({ float: v / 10 ** -n });
    return { float: Number((scaled as { int: bigint }).int) * 10 ** -n };
  }
  // Doubles this large are integers already (and toFixed would print them in exponent form).
  if (Math.abs(v) >= 1e21) return x;
  // The double's decimal expansion, far enough past the kept digits to tell a true tie (to even).
  const places = Math.min(100, n + 60);
  const [whole, fraction] = Math.abs(v).toFixed(places).split(".") as [string, string];
  const rest = fraction.slice(n);
  let kept = BigInt(whole + fraction.slice(0, n));
  const half = "5".padEnd(rest.length, "0");
  if (rest > half || (rest === half && kept % 2n === 1n)) kept += 1n;
  return { float: Math.sign(v) * Number(`${kept}e-${n}`) };
}

function compare(a: PyNum, b: PyNum): number {
  if (isInt(a) && isInt(b)) return a.int < b.int ? -1 : a.int > b.int ? 1 : 0;
  const [x, y] = [isInt(a) ? Number(a.int) : a.float, isInt(b) ? Number(b.int) : b.float];
  return x < y ? -1 : x > y ? 1 : 0;
}

const FUNCTIONS: Record<string, (args: PyNum[]) => PyNum> = {
  abs([x, ...rest]) {
    if (x === undefined || rest.length > 0) throw new CalcError("TypeError", "abs() takes exactly one argument");
    return isInt(x) ? { int: x.int < 0n ? -x.int : x.int } : { float: Math.abs(x.float) };
  },
  round(args) {
    if (args.length === 0 || args.length > 2) throw new CalcError("TypeError", "round() takes 1 or 2 arguments");
    return pyRound(args[0]!, args[1]);
  },
  // One argument would have to be iterable, and no value here is.
  min(args) {
    if (args.length < 2) throw new CalcError("TypeError", "object is not iterable");
    return args.reduce((best, x) => (compare(x, best) < 0 ? x : best));
  },
  max(args) {
    if (args.length < 2) throw new CalcError("TypeError", "object is not iterable");
    return args.reduce((best, x) => (compare(x, best) > 0 ? x : best));
  },
  sum() {
    throw new CalcError("TypeError", "object is not iterable");
  },
};

/** Python's recursion limit stops the reference's evaluator about this deep (a long chain of operators is as deep as it is long). */
const MAX_EVAL_DEPTH = 990;

function evaluateNode(node: Node, depth = 0): PyNum {
  if (depth > MAX_EVAL_DEPTH) throw new CalcError("RecursionError", "maximum recursion depth exceeded");
  const inner = (n: Node) => evaluateNode(n, depth + 1);
  switch (node.kind) {
    case "const":
      if (node.value === "complex" || node.value === "none") throw invalid(`Unsupported constant type: ${node.value === "none" ? "<class 'NoneType'>" : "<class 'complex'>"}`);
      return node.value;
    case "bin":
      return binary(node.op, inner(node.left), inner(node.right));
    case "unary": {
      const x = inner(node.operand);
      if (node.op === "+") return x;
      return isInt(x) ? { int: -x.int } : { float: -x.float };
    }
    case "call": {
      // Only a bare name may be called (calling a number or a call's value is the reference's TypeError).
      if (node.func.kind !== "name") throw new CalcError("TypeError", "Only simple function calls are supported");
      const impl = Object.hasOwn(FUNCTIONS, node.func.text) ? FUNCTIONS[node.func.text] : undefined;
      if (!impl) throw invalid(`Unsupported function: ${node.func.text}`);
      return impl(node.args.map(inner));
    }
    case "name":
      throw invalid("Unsupported AST node type: <class 'ast.Name'>");
    case "unsupported":
      throw invalid(`Unsupported AST node type: <class 'ast.${node.what}'>`);
  }
}

const WRAPPED = new Set(["ValueError", "TypeError", "SyntaxError", "KeyError"]);

/** Evaluates `expr` (already stripped) as the reference's calculator does; throws CalcError as the reference raises. */
export function evaluate(expr: string): PyNum {
  try {
    return evaluateNode(parse(tokenize(expr)));
  } catch (err) {
    if (!(err instanceof CalcError)) throw err;
    // The reference's evaluator reports these kinds as one ValueError; the rest go up as they are.
    if (err.pyType === "ZeroDivisionError") throw new CalcError("ValueError", "Division by zero is not allowed");
    if (WRAPPED.has(err.pyType)) throw new CalcError("ValueError", `Invalid mathematical expression: ${err.message}`);
    throw err;
  }
}

/** Python's repr of a float: the shortest round-trip digits, in exponent form below 1e-4 or from 1e16. */
export function floatRepr(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const [mantissa, exponentText] = x.toExponential().split("e") as [string, string];
  const exponent = Number(exponentText);
  if (exponent >= -4 && exponent < 16) {
    const s = x.toString();
    return s.includes(".") ? s : `${s}.0`;
  }
  const sign = exponent < 0 ? "-" : "+";
  return `${mantissa}e${sign}${String(Math.abs(exponent)).padStart(2, "0")}`;
}
