// The two points gui_coordinate compares. The reply's is its first <point>(x, y)</point>, x and y
// whole thousandths of the image's width and height (brackets around the pair and whitespace
// between the tokens allowed, as in `<point>[( 500 , 250 )]</point>`); the row's is "x,y" in
// fractions, each part read by Python's float(). Read by a scanner, not a regex: the reference's
// pattern has adjacent optional whitespace runs, which a backtracking engine tries in quadratic
// time on a long run of spaces.
import { pythonFloat } from "../../../shared/verifiers/python_float.ts";
import { isPySpace, pythonInt } from "../../../shared/verifiers/python_str.ts";

export interface Point {
  x: number;
  y: number;
}

const OPEN = "<point>";
const CLOSE = "</point>";
const DIGIT = /\p{Nd}/u;

/** A cursor over the text after one "<point>": each step consumes what it names or reports failure. */
class Scanner {
  private readonly text: string;
  at: number;

  constructor(text: string, at: number) {
    this.text = text;
    this.at = at;
  }

  private char(): string {
    return this.at < this.text.length ? String.fromCodePoint(this.text.codePointAt(this.at)!) : "";
  }

  spaces(): void {
    for (let c = this.char(); c !== "" && isPySpace(c); c = this.char()) this.at += c.length;
  }

  literal(token: string): boolean {
    if (!this.text.startsWith(token, this.at)) return false;
    this.at += token.length;
    return true;
  }

  /** A run of one or more digits, as thousandths; undefined for none. */
  thousandths(): number | undefined {
    const start = this.at;
    for (let c = this.char(); c !== "" && DIGIT.test(c); c = this.char()) this.at += c.length;
    if (this.at === start) return undefined;
    const value = pythonInt(this.text.slice(start, this.at));
    return value === undefined ? undefined : Number(value) / 1000;
  }
}

/** `\s*\[?\s*\(\s*X\s*,\s*Y\s*\)\s*\]?\s*</point>` after the opening tag at `start`, read in one deterministic pass. */
function pointAt(text: string, start: number): Point | undefined {
  const s = new Scanner(text, start);
  s.spaces();
  if (s.literal("[")) s.spaces();
  if (!s.literal("(")) return undefined;
  s.spaces();
  const x = s.thousandths();
  if (x === undefined) return undefined;
  s.spaces();
  if (!s.literal(",")) return undefined;
  s.spaces();
  const y = s.thousandths();
  if (y === undefined) return undefined;
  s.spaces();
  if (!s.literal(")")) return undefined;
  s.spaces();
  if (s.literal("]")) s.spaces();
  return s.literal(CLOSE) ? { x, y } : undefined;
}

/** The first well-formed <point> of the text; undefined when there is none. */
export function replyPoint(text: string): Point | undefined {
  for (let at = text.indexOf(OPEN); at !== -1; at = text.indexOf(OPEN, at + 1)) {
    const point = pointAt(text, at + OPEN.length);
    if (point) return point;
  }
  return undefined;
}

/** "x,y" as two floats; undefined unless it is exactly two parts that Python's float() reads as finite numbers. */
export function expectedPoint(answer: string): Point | undefined {
  const parts = answer.split(",");
  if (parts.length !== 2) return undefined;
  const [x, y] = parts.map(pythonFloat);
  return x !== undefined && y !== undefined && Number.isFinite(x) && Number.isFinite(y) ? { x, y } : undefined;
}
