// An integer expression as Python reads it ("( -17 + -( 6 * 59 ) / 1 ) * -19"): + - * and / (as
// floor division), unary minus binding tighter than * and /, parentheses; exact with BigInt.

const TOKEN = /\s*(\d+|[-+*/()])/y;
/** Longer than any task's expression; it bounds the recursion a hostile prompt could ask for. */
const MAX_LENGTH = 2000;

function tokenize(text: string): string[] | undefined {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) return text.slice(at).trim() === "" ? tokens : undefined;
    tokens.push(match[1]!);
  }
  return tokens;
}

const floorDiv = (a: bigint, b: bigint): bigint => {
  const q = a / b;
  return (a % b !== 0n && (a < 0n) !== (b < 0n)) ? q - 1n : q;
};

/** The value, or undefined when the text is not such an expression (or divides by zero). */
export function evaluateInt(text: string): bigint | undefined {
  if (text.length > MAX_LENGTH) return undefined;
  const tokens = tokenize(text);
  if (!tokens || tokens.length === 0) return undefined;
  let pos = 0;
  const fail = (): never => {
    throw new SyntaxError("not an integer expression");
  };
  function sum(): bigint {
    let value = product();
    while (tokens![pos] === "+" || tokens![pos] === "-") value = tokens![pos++] === "+" ? value + product() : value - product();
    return value;
  }
  function product(): bigint {
    let value = unary();
    while (tokens![pos] === "*" || tokens![pos] === "/") {
      const op = tokens![pos++];
      const right = unary();
      if (op === "/" && right === 0n) fail();
      value = op === "*" ? value * right : floorDiv(value, right);
    }
    return value;
  }
  function unary(): bigint {
    if (tokens![pos] === "-") return pos++, -unary();
    if (tokens![pos] === "+") return pos++, unary();
    if (tokens![pos] === "(") {
      pos++;
      const value = sum();
      if (tokens![pos++] !== ")") fail();
      return value;
    }
    const token = tokens![pos++];
    return token !== undefined && /^\d+$/.test(token) ? BigInt(token) : fail();
  }
  try {
    const value = sum();
    return pos === tokens.length ? value : undefined;
  } catch {
    return undefined;
  }
}
