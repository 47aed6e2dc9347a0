// An answer read as sympy's parse_expr reads it (Python syntax with sympy's standard
// transformations): integers, floats, names, calls, + - * / ** and parentheses. Scorers that
// parse_expr a model's answer build on this tree (sympy's own evaluation of it is theirs to model).
// Anything else parse_expr might accept (%, //, ^ as Xor, comparisons, lambdas, imaginary literals)
// throws: no answer those scorers accept is written so. One pass, size and nesting capped.

export type SympyNode =
  | { k: "int"; v: bigint }
  | { k: "float"; v: number }
  | { k: "name"; name: string }
  | { k: "call"; name: string; args: SympyNode[] }
  | { k: "neg"; a: SympyNode }
  | { k: "add" | "sub" | "mul" | "div" | "pow"; a: SympyNode; b: SympyNode };

/** What parse_expr would reject, or we do not model. */
export class SympySyntaxError extends Error {}

/** Longer answers are not expressions anyone means; Python's parser also gives up on deep nesting. */
export const MAX_EXPRESSION_CHARS = 4000;
const MAX_DEPTH = 90;

const TOKEN = /(\s*)(?:(\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?(?:[eE][+-]?\d(?:_?\d)*)?|\.\d(?:_?\d)*(?:[eE][+-]?\d(?:_?\d)*)?)|([A-Za-z_][A-Za-z0-9_]*)|(\*\*|[-+*/(),])|(\S))/y;

type Token = { kind: "num" | "name" | "op"; text: string };

/** The tokens of `text`, which has no whitespace at either end. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let depth = 0;
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const m = TOKEN.exec(text)!;
    // A line break outside brackets ends a Python statement, so the expression would not parse.
    if (depth === 0 && /[\n\r]/.test(m[1]!)) throw new SympySyntaxError("line break");
    if (m[5] !== undefined) throw new SympySyntaxError(`unexpected ${JSON.stringify(m[5])}`);
    if (m[2] !== undefined) tokens.push({ kind: "num", text: m[2] });
    else if (m[3] !== undefined) tokens.push({ kind: "name", text: m[3] });
    else {
      tokens.push({ kind: "op", text: m[4]! });
      if (m[4] === "(") depth++;
      else if (m[4] === ")") depth--;
    }
  }
  return tokens;
}

function numberNode(text: string): SympyNode {
  const plain = text.replaceAll("_", "");
  if (/[.eE]/.test(plain)) return { k: "float", v: Number(plain) };
  // Python 3 rejects leading zeros on a non-zero integer literal.
  if (/^0+[1-9]/.test(plain)) throw new SympySyntaxError("leading zeros");
  return { k: "int", v: BigInt(plain) };
}

/** The expression tree of `text` (stripped, as parse_expr strips it); throws SympySyntaxError. */
export function parseSympy(text: string): SympyNode {
  if (text.length > MAX_EXPRESSION_CHARS) throw new SympySyntaxError("too long");
  const tokens = tokenize(text.trim());
  let pos = 0;
  const peek = (): Token | undefined => tokens[pos];
  const isOp = (op: string): boolean => peek()?.kind === "op" && peek()!.text === op;
  const expect = (op: string): void => {
    if (!isOp(op)) throw new SympySyntaxError(`expected ${op}`);
    pos++;
  };
  const deeper = (depth: number): number => {
    if (depth > MAX_DEPTH) throw new SympySyntaxError("nested too deeply");
    return depth + 1;
  };

  function sum(depth: number): SympyNode {
    let node = product(deeper(depth));
    while (isOp("+") || isOp("-")) {
      const k = tokens[pos++]!.text === "+" ? "add" : "sub";
      node = { k, a: node, b: product(depth + 1) };
    }
    return node;
  }
  function product(depth: number): SympyNode {
    let node = unary(deeper(depth));
    while (isOp("*") || isOp("/")) {
      const k = tokens[pos++]!.text === "*" ? "mul" : "div";
      node = { k, a: node, b: unary(depth + 1) };
    }
    return node;
  }
  function unary(depth: number): SympyNode {
    if (isOp("-")) {
      pos++;
      return { k: "neg", a: unary(deeper(depth)) };
    }
    if (isOp("+")) {
      pos++;
      return unary(deeper(depth));
    }
    return power(depth);
  }
  function power(depth: number): SympyNode {
    const base = atom(deeper(depth));
    if (!isOp("**")) return base;
    pos++;
    return { k: "pow", a: base, b: unary(depth + 1) };
  }
  function atom(depth: number): SympyNode {
    const token = tokens[pos++];
    if (!token) throw new SympySyntaxError("unexpected end");
    if (token.kind === "num") return numberNode(token.text);
    if (token.kind === "name") {
      if (!isOp("(")) return { k: "name", name: token.text };
      pos++;
      const args: SympyNode[] = [];
      while (!isOp(")")) {
        args.push(sum(deeper(depth)));
        if (!isOp(")")) expect(",");
      }
      pos++;
      return { k: "call", name: token.text, args };
    }
    if (token.text !== "(") throw new SympySyntaxError(`unexpected ${token.text}`);
    const inner = sum(deeper(depth));
    expect(")");
    return inner;
  }

  const tree = sum(0);
  if (pos !== tokens.length) throw new SympySyntaxError(`unexpected ${tokens[pos]!.text}`);
  return tree;
}
