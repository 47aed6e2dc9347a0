// math_advanced_calculations: "Get me the values for (9.0 - 9.0), log(3.0, 7.0) and pi using only
// the given tools": each expression parsed (+ - * / with ** above them, -(x), sin, cos, log, pi; a
// bare number is return_constant's), then worked out with the server's calculators from the
// inside out, every call whose arguments are known made in the same turn, each value read back
// from the calls already made. Once every expression has its value, a report. Wrong path: the last
// expression worked out by ordinary arithmetic instead of with the tools.
import { callRecords, lastUserText, numberField } from "../policy/conversation.ts";
import { call, decline, say, type Action, type PlannedCall, type Situation, type Skill } from "../policy/types.ts";

type Node = { kind: "number"; value: number } | { kind: "call"; tool: string; params: string[]; args: Node[] };

const OPEN = "value for ";
const OPEN_PLURAL = "values for ";
const CLOSE = " using only the given tools";
/** Expressions longer or deeper than any the rows hold are not parsed (a hostile prompt stays cheap). */
const MAX_TEXT = 4000;
const MAX_DEPTH = 64;

const BINARY: Record<string, string> = { "+": "add", "-": "subtract", "*": "multiply", "/": "divide", "**": "power" };
const binary = (op: string, left: Node, right: Node): Node => ({ kind: "call", tool: BINARY[op]!, params: ["a", "b"], args: [left, right] });

function tokenize(text: string): string[] | undefined {
  const tokens: string[] = [];
  for (let i = 0; i < text.length; ) {
    const c = text[i]!;
    if (c === " ") i++;
    else if (text.startsWith("**", i)) (tokens.push("**"), (i += 2));
    else if ("+-*/(),".includes(c)) (tokens.push(c), i++);
    else {
      let j = i;
      while (j < text.length && /[A-Za-z0-9.]/.test(text[j]!)) j++;
      if (j === i) return undefined;
      tokens.push(text.slice(i, j));
      i = j;
    }
  }
  return tokens;
}

/** Recursive descent over the tokens: a list of expressions separated by "," and "and". */
function parseList(tokens: string[]): Node[] | undefined {
  let pos = 0;
  const peek = () => tokens[pos];
  const expect = (t: string) => (tokens[pos] === t ? (pos++, true) : false);
  const expression = (depth: number): Node | undefined => {
    if (depth > MAX_DEPTH) return undefined;
    let left = term(depth);
    while (left && (peek() === "+" || peek() === "-")) {
      const op = tokens[pos++]!;
      const right = term(depth);
      left = right && binary(op, left, right);
    }
    return left;
  };
  const term = (depth: number): Node | undefined => {
    let left = power(depth);
    while (left && (peek() === "*" || peek() === "/")) {
      const op = tokens[pos++]!;
      const right = power(depth);
      left = right && binary(op, left, right);
    }
    return left;
  };
  const power = (depth: number): Node | undefined => {
    const base = unary(depth);
    if (!base || peek() !== "**") return base;
    pos++;
    const exponent = power(depth + 1);
    return exponent && binary("**", base, exponent);
  };
  const unary = (depth: number): Node | undefined => {
    if (peek() !== "-") return atom(depth);
    pos++;
    if (peek() !== "(") {
      const literal = atom(depth);
      return literal?.kind === "number" ? { kind: "number", value: -literal.value } : undefined;
    }
    const operand = atom(depth);
    return operand && { kind: "call", tool: "negate", params: ["a"], args: [operand] };
  };
  const atom = (depth: number): Node | undefined => {
    const token = tokens[pos++];
    if (token === undefined) return undefined;
    if (token === "(") {
      const inner = expression(depth + 1);
      return inner && expect(")") ? inner : undefined;
    }
    if (/^\d+(?:\.\d+)?$/.test(token)) return { kind: "number", value: Number(token) };
    if (token === "pi") {
      if (peek() === "(" && tokens[pos + 1] === ")") pos += 2;
      return { kind: "call", tool: "pi", params: [], args: [] };
    }
    if ((token === "sin" || token === "cos" || token === "log") && expect("(")) {
      const args: Node[] = [];
      do {
        const arg = expression(depth + 1);
        if (!arg) return undefined;
        args.push(arg);
      } while (expect(","));
      if (!expect(")")) return undefined;
      if (token === "log") return args.length === 2 ? { kind: "call", tool: "log", params: ["a", "base"], args } : undefined;
      return args.length === 1 ? { kind: "call", tool: token, params: ["radians"], args } : undefined;
    }
    return undefined;
  };
  const list: Node[] = [];
  while (pos < tokens.length) {
    const node = expression(0);
    if (!node) return undefined;
    // A bare number is asked of return_constant.
    list.push(node.kind === "number" ? { kind: "call", tool: "return_constant", params: ["a"], args: [node] } : node);
    if (expect(",")) expect("and");
    else if (!expect("and") && pos < tokens.length) return undefined;
  }
  return list.length > 0 ? list : undefined;
}

/** The expressions a request asks for; undefined when it is not one of these requests. */
function requested(text: string): Node[] | undefined {
  const plural = text.indexOf(OPEN_PLURAL);
  const start = plural !== -1 ? plural + OPEN_PLURAL.length : text.indexOf(OPEN) === -1 ? -1 : text.indexOf(OPEN) + OPEN.length;
  const end = text.indexOf(CLOSE, start);
  if (start === -1 || end === -1 || end - start > MAX_TEXT) return undefined;
  const tokens = tokenize(text.slice(start, end));
  return tokens && parseList(tokens);
}

const key = (tool: string, args: Record<string, unknown>) => `${tool}(${Object.entries(args).map(([k, v]) => `${k}=${String(v)}`).join(",")})`;

/** Ordinary arithmetic for the wrong path: what the expression would be in our universe. */
function ordinary(node: Node): number {
  if (node.kind === "number") return node.value;
  const [x, y] = node.args.map(ordinary) as [number, number];
  const ops: Record<string, () => number> = {
    add: () => x + y, subtract: () => x - y, multiply: () => x * y, divide: () => x / y, power: () => x ** y,
    sin: () => Math.sin(x), cos: () => Math.cos(x), log: () => Math.log(x) / Math.log(y), pi: () => Math.PI, negate: () => -x, return_constant: () => x,
  };
  return ops[node.tool]!();
}

function play({ turns, correct }: Situation): Action {
  const roots = requested(lastUserText(turns));
  if (!roots) return decline("I cannot read the expressions this asks for.");
  const known = new Map<string, number | undefined>();
  for (const record of callRecords(turns)) known.set(key(record.name, record.arguments), numberField(record.output, "solution"));
  const worked = correct ? roots : roots.slice(0, -1);
  const pending: PlannedCall[] = [];
  const failed: string[] = [];
  /** The node's value once its call is back; undefined while a call is still to make (added to `pending`). */
  const value = (node: Node): number | undefined => {
    if (node.kind === "number") return node.value;
    const args = node.args.map(value);
    if (args.some((a) => a === undefined)) return undefined;
    const call = { name: node.tool, arguments: Object.fromEntries(node.params.map((p, i) => [p, args[i]!])) };
    const k = key(call.name, call.arguments);
    if (!known.has(k)) {
      if (!pending.some((p) => key(p.name, p.arguments) === k)) pending.push(call);
      return undefined;
    }
    const got = known.get(k);
    if (got === undefined) failed.push(k);
    return got;
  };
  const values = worked.map(value);
  if (pending.length > 0) return call(...pending);
  if (failed.length > 0) return say(`These calculations failed: ${failed.join(", ")}.`);
  const reported = [...values, ...(correct ? [] : [ordinary(roots.at(-1)!)])];
  return say(`The values are: ${reported.join(", ")}.`);
}

export default { play } satisfies Skill;
