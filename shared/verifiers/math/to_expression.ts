// One value, LaTeX or plain (`\frac{\sqrt{3}}{2}`, `sqrt(3)/2`, `3.2 \times 10^{5}`, `2\pi r`),
// rewritten in mathjs's expression syntax with every multiplication explicit. Anything outside
// the supported notation throws NotMath, and the caller compares the answers as text instead.
import type { Budget } from "./budget.ts";

export class NotMath extends Error {}

type Token = { kind: "cmd" | "num" | "word" | "char"; text: string };

// Every character starts a token or whitespace, so the sticky scan covers the whole text.
const TOKEN = /\s+|\\(?:[A-Za-z]+|.)|\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?|[A-Za-z]+|\*\*|\S/gy;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const [raw] of text.matchAll(TOKEN)) {
    if (/^\s/.test(raw)) continue;
    if (raw.startsWith("\\")) tokens.push({ kind: "cmd", text: raw.slice(1) });
    else if (/^[\d.]/.test(raw)) tokens.push({ kind: "num", text: raw });
    else if (/^[A-Za-z]/.test(raw)) tokens.push({ kind: "word", text: raw });
    else tokens.push({ kind: "char", text: raw === "**" ? "^" : raw });
  }
  return tokens;
}

// LaTeX function commands and plain function names, as mathjs names them (log is natural).
const FUNCTIONS: Record<string, string> = {
  sin: "sin", cos: "cos", tan: "tan", cot: "cot", sec: "sec", csc: "csc",
  arcsin: "asin", arccos: "acos", arctan: "atan", asin: "asin", acos: "acos", atan: "atan",
  sinh: "sinh", cosh: "cosh", tanh: "tanh", ln: "log", log: "log", lg: "log10", exp: "exp",
  sqrt: "sqrt", abs: "abs", floor: "floor", ceil: "ceil", gcd: "gcd", lcm: "lcm",
};
export const GREEK = new Set([
  "alpha", "beta", "gamma", "delta", "epsilon", "varepsilon", "zeta", "eta", "theta", "vartheta", "iota", "kappa", "lambda",
  "mu", "nu", "xi", "rho", "sigma", "tau", "upsilon", "phi", "varphi", "chi", "psi", "omega",
]);
// Symbols latex2sympy reads as names: `\angle ABC` is a name, as `ABC` is.
const NAMED_SYMBOLS = new Set(["angle", "measuredangle", "triangle", "ell", "nabla"]);
// Accents name one quantity as a whole, `\overline{AB}` is not `AB`; synonyms share a name.
const ACCENTS: Record<string, string> = {
  bar: "bar", overline: "bar", vec: "vec", overrightarrow: "vec", tilde: "tilde", widetilde: "tilde",
  hat: "hat", widehat: "hat", dot: "dot", ddot: "ddot", acute: "acute", grave: "grave", breve: "breve", check: "check",
  bm: "bm", boldsymbol: "bm", mathcal: "mathcal", mathfrak: "mathfrak", mathscr: "mathscr", mathsf: "mathsf",
};
const TIMES = new Set(["cdot", "times", "ast"]);
// Commands that may stand as a function's bare argument: `\sin\frac{\pi}{6}`, `\ln\sqrt{e}`.
const LOOSE_COMMANDS = new Set(["pi", "frac", "sqrt", "binom"]);
const INFINITY_WORDS = new Set(["infty", "infinity", "inf"]);

type Kind = "operand" | "op" | "postfix";

/** Output text with `*` put between two operands that LaTeX writes side by side. */
class Emitter {
  private parts: string[] = [];
  private last: Kind | undefined;

  push(text: string, kind: Kind): void {
    if (kind === "operand" && (this.last === "operand" || this.last === "postfix")) this.parts.push("*");
    this.parts.push(text);
    this.last = kind;
  }

  get expectsOperand(): boolean {
    return this.last === undefined || this.last === "op";
  }

  /** Appends a subscript to the symbol just written: `x_1`. */
  subscript(name: string): void {
    const previous = this.parts.at(-1);
    if (this.last !== "operand" || previous === undefined || !/^[A-Za-z][A-Za-z0-9_]*$/.test(previous)) throw new NotMath("subscript");
    this.parts[this.parts.length - 1] = `${previous}_${name}`;
  }

  /**
   * Folds `whole` + `fraction` into one operand when the last operand written is a bare integer:
   * `1\frac{1}{2}` is the mixed number 1½, not 1·½. False when there is no such integer.
   */
  mixedNumber(fraction: string): boolean {
    const previous = this.parts.at(-1);
    if (this.last !== "operand" || previous === undefined || !/^\d+$/.test(previous)) return false;
    this.parts[this.parts.length - 1] = `(${previous} + ${fraction})`;
    return true;
  }

  text(): string {
    if (this.last === "op") throw new NotMath("dangling operator");
    return this.parts.join(" ");
  }
}

class Translator {
  private pos = 0;
  private readonly tokens: Token[];

  constructor(tokens: Token[]) {
    this.tokens = tokens;
  }

  private peek(): Token | undefined {
    return this.tokens[this.pos];
  }

  private next(): Token {
    const token = this.tokens[this.pos++];
    if (token === undefined) throw new NotMath("unexpected end");
    return token;
  }

  private isChar(text: string): boolean {
    const t = this.peek();
    return t !== undefined && t.kind === "char" && t.text === text;
  }

  /** Whether the next token is `stop`: a character, or a command written with its backslash. */
  private at(stop: string): boolean {
    const t = this.peek();
    return t !== undefined && (t.kind === "cmd" ? `\\${t.text}` : t.text) === stop;
  }

  private expect(text: string): void {
    if (!this.isChar(text)) throw new NotMath(`expected ${text}`);
    this.pos++;
  }

  /** Everything up to (not including) `until`, or to the end. A `|` where an operand is due opens a new one. */
  sequence(until?: string): string {
    const out = new Emitter();
    while (this.peek() !== undefined && !(until !== undefined && this.at(until) && !(until === "|" && out.expectsOperand))) {
      this.item(out);
    }
    return out.text();
  }

  /** `(...)`, `[...]` or `{...}` as one parenthesised operand. */
  private group(open: string): string {
    const close = open === "(" ? ")" : open === "[" ? "]" : "}";
    this.expect(open);
    const inner = this.sequence(close);
    this.expect(close);
    if (inner === "") throw new NotMath("empty group");
    return `(${inner})`;
  }

  /** A command's argument: a `{group}`, else one character or one atom (`\frac12`, `\sqrt\pi`). */
  private argument(): string {
    const t = this.peek();
    if (t === undefined) throw new NotMath("missing argument");
    if (t.kind === "char" && t.text === "{") return this.group("{");
    if ((t.kind === "num" && /^\d/.test(t.text)) || t.kind === "word") {
      const first = t.text[0]!;
      if (t.text.length > 1) t.text = t.text.slice(1);
      else this.pos++;
      return first;
    }
    if (t.kind === "cmd") {
      const out = new Emitter();
      this.item(out);
      return `(${out.text()})`;
    }
    throw new NotMath("bad argument");
  }

  /** An exponent or subscript: a group, or the next number, letter or atom whole (`x^10`, `x^-1`). */
  private script(): string {
    if (this.isChar("{")) return this.group("{");
    const sign = this.isChar("-") || this.isChar("+") ? this.next().text : "";
    const t = this.peek();
    if (t?.kind === "num") return `(${sign}${this.next().text})`;
    return `(${sign}${this.argument()})`;
  }

  /** A function's argument without brackets, as in `\sin 2x` or `\ln 5`: numbers, letters, atoms. */
  private looseArgument(): string {
    const out = new Emitter();
    for (let t = this.peek(); t !== undefined; t = this.peek()) {
      const atom = t.kind === "num" || (t.kind === "word" && !FUNCTIONS[t.text]) || (t.kind === "cmd" && (GREEK.has(t.text) || LOOSE_COMMANDS.has(t.text)));
      if (!atom && !(t.kind === "char" && t.text === "^")) break;
      this.item(out);
    }
    const text = out.text();
    if (text === "") throw new NotMath("missing function argument");
    return text;
  }

  /** `\vec{AB}`: one name made of the accent and the letters and digits under it. */
  private accented(accent: string): string {
    this.expect("{");
    let under = "";
    for (let t = this.next(); !(t.kind === "char" && t.text === "}"); t = this.next()) {
      if (t.kind !== "word" && !(t.kind === "num" && /^\d+$/.test(t.text))) throw new NotMath("accent over more than a name");
      under += t.text;
    }
    if (under === "") throw new NotMath("empty accent");
    return `${accent}_${under}`;
  }

  private applyFunction(name: string, out: Emitter): void {
    const power = this.isChar("^") ? (this.pos++, this.script()) : undefined;
    const base = name === "log" && this.isChar("_") ? (this.pos++, this.script()) : undefined;
    const argument = this.isChar("(") ? this.group("(") : this.isChar("{") ? this.group("{") : `(${this.looseArgument()})`;
    const call = base === undefined ? `${name}${argument}` : `log(${argument}, ${base})`;
    out.push(power === undefined ? call : `(${call})^${power}`, "operand");
  }

  private command(name: string, out: Emitter): void {
    if (name === "frac") {
      const [numerator, denominator] = [this.argument(), this.argument()];
      const fraction = `(${numerator} / ${denominator})`;
      const integers = [numerator, denominator].every((part) => /^\(?\d+\)?$/.test(part));
      if (integers && out.mixedNumber(fraction)) return;
      return out.push(fraction, "operand");
    }
    if (name === "binom") return out.push(`combinations(${this.argument()}, ${this.argument()})`, "operand");
    if (name === "sqrt") {
      const index = this.isChar("[") ? this.group("[") : undefined;
      const radicand = this.argument();
      return out.push(index === undefined ? `sqrt(${radicand})` : `nthRoot(${radicand}, ${index})`, "operand");
    }
    if (name === "pi") return out.push("pi", "operand");
    if (INFINITY_WORDS.has(name)) return out.push("Infinity", "operand");
    if (GREEK.has(name) || NAMED_SYMBOLS.has(name)) return out.push(name, "operand");
    if (Object.hasOwn(ACCENTS, name)) return out.push(this.accented(ACCENTS[name]!), "operand");
    if (TIMES.has(name)) return out.push("*", "op");
    if (name === "div") return out.push("/", "op");
    if (name === "lfloor" || name === "lceil") {
      const inner = this.sequence(name === "lfloor" ? "\\rfloor" : "\\rceil");
      this.next();
      return out.push(`${name.slice(1)}(${inner})`, "operand");
    }
    if (name === "operatorname") {
      // `\operatorname{sin}`: a function name spelled out; tokens are "{", the name, "}".
      const inner = this.tokens[this.pos + 1];
      const fn = inner?.kind === "word" ? FUNCTIONS[inner.text] : undefined;
      if (fn === undefined || !this.isChar("{")) throw new NotMath("unknown operator name");
      this.pos += 3;
      return this.applyFunction(fn, out);
    }
    const fn = FUNCTIONS[name];
    if (fn !== undefined && name !== "sqrt") return this.applyFunction(fn, out);
    throw new NotMath(`unsupported command \\${name}`);
  }

  private word(text: string, out: Emitter): void {
    const lower = text.toLowerCase();
    const fn = FUNCTIONS[lower];
    if (fn !== undefined && this.isChar("(")) return out.push(`${fn}${this.group("(")}`, "operand");
    if (lower === "pi") return out.push("pi", "operand");
    if (INFINITY_WORDS.has(lower)) return out.push("Infinity", "operand");
    // Letters side by side are a product: `xy` is x·y.
    for (const letter of text) out.push(letter, "operand");
  }

  private item(out: Emitter): void {
    const t = this.next();
    switch (t.kind) {
      case "num":
        return out.push(t.text.endsWith(".") ? t.text.slice(0, -1) : t.text, "operand");
      case "word":
        return this.word(t.text, out);
      case "cmd":
        return this.command(t.text, out);
      case "char":
        break;
    }
    switch (t.text) {
      case "(":
      case "[":
      case "{":
        this.pos--;
        return out.push(this.group(t.text), "operand");
      case "+":
      case "-":
      case "*":
      case "/":
        return out.push(t.text, "op");
      // A ratio: `11:21` is 11/21, as latex2sympy reads it.
      case ":":
        return out.push("/", "op");
      case "^":
        out.push("^", "op");
        return out.push(this.script(), "operand");
      case "_":
        return out.subscript(this.script().replace(/[^A-Za-z0-9]/g, ""));
      case "!":
        if (this.isChar("!")) throw new NotMath("double factorial");
        return out.push("!", "postfix");
      case "|": {
        const inner = this.sequence("|");
        this.expect("|");
        return out.push(`abs(${inner})`, "operand");
      }
      case ",":
        return out.push(",", "op");
      default:
        throw new NotMath(`unsupported ${t.text}`);
    }
  }

  done(): boolean {
    return this.pos >= this.tokens.length;
  }
}

/** The value as a mathjs expression; throws NotMath for notation outside the supported set. */
export function toExpression(text: string, budget: Budget): string {
  const tokens = tokenize(text);
  budget.spend(tokens.length, "reading the answer");
  const translator = new Translator(tokens);
  const expression = translator.sequence();
  if (!translator.done() || expression === "") throw new NotMath("unbalanced");
  return expression;
}
