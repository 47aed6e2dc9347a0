// The value Python's eval gives an integer expression of the kind the library stores (bitwise_arithmetic's
// metadata.problem): integer literals (decimal, 0x, 0o, 0b, with underscores), parentheses, unary
// - + ~, and the binary * + - << >> & ^ | at Python's precedences; with `floorDivision`, also / as
// Python's // (basic_arithmetic's expressions, which the library evaluates that way). Anything else
// throws, as would a negative shift count or a division by zero; sizes are bounded so a hostile
// row cannot make it run long.
const MAX_LENGTH = 200_000;
const MAX_DEPTH = 200; // Python's parser refuses deeper nesting of parentheses
const MAX_BITS = 1_000_000;

const LITERAL = /^(?:0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+|0(?:_?0)*|[1-9](?:_?[0-9])*)$/;
const LEVELS: readonly (readonly string[])[] = [["|"], ["^"], ["&"], ["<<", ">>"], ["+", "-"], ["*"]];
const WITH_DIVISION: readonly (readonly string[])[] = [...LEVELS.slice(0, -1), ["*", "/"]];

function literal(text: string): bigint {
  if (!LITERAL.test(text)) throw new SyntaxError(`not an integer literal: ${text.slice(0, 20)}`);
  const digits = text.replaceAll("_", "");
  return /^0[oObBxX]/.test(digits) ? BigInt(digits.toLowerCase()) : BigInt(digits);
}

function apply(op: string, a: bigint, b: bigint): bigint {
  switch (op) {
    case "+": return a + b;
    case "-": return a - b;
    case "*": return a * b;
    case "&": return a & b;
    case "^": return a ^ b;
    case "|": return a | b;
    case "/": {
      if (b === 0n) throw new RangeError("division by zero");
      const q = a / b;
      return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
    }
    case ">>":
      if (b < 0n) throw new RangeError("negative shift count");
      return b > BigInt(MAX_BITS) ? (a < 0n ? -1n : 0n) : a >> b;
    default: // "<<"
      if (b < 0n) throw new RangeError("negative shift count");
      if (a !== 0n && b > BigInt(MAX_BITS)) throw new RangeError("shift too large");
      return a << b;
  }
}

export function evaluateIntExpression(source: string, options: { floorDivision?: boolean } = {}): bigint {
  const levels = options.floorDivision ? WITH_DIVISION : LEVELS;
  if (source.length > MAX_LENGTH) throw new RangeError("expression too long");
  const tokens = source.match(/[0-9a-zA-Z_]+|<<|>>|\S/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const bounded = (value: bigint) => {
    if (value.toString(16).length * 4 > MAX_BITS) throw new RangeError("value too large");
    return value;
  };

  function unary(depth: number): bigint {
    const token = tokens[at++];
    if (token === "-") return bounded(-unary(depth));
    if (token === "+") return unary(depth);
    if (token === "~") return bounded(~unary(depth));
    if (token === "(") {
      if (depth >= MAX_DEPTH) throw new RangeError("too deeply nested");
      const value = binary(0, depth + 1);
      if (tokens[at++] !== ")") throw new SyntaxError("unbalanced parentheses");
      return value;
    }
    if (token === undefined) throw new SyntaxError("unexpected end");
    return literal(token);
  }

  function binary(level: number, depth: number): bigint {
    if (level === levels.length) return unary(depth);
    let value = binary(level + 1, depth);
    while (levels[level]!.includes(peek() ?? "")) {
      const op = tokens[at++]!;
      value = bounded(apply(op, value, binary(level + 1, depth)));
    }
    return value;
  }

  const value = binary(0, 0);
  if (at !== tokens.length) throw new SyntaxError("trailing input");
  return value;
}
