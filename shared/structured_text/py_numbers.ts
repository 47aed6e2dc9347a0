// Python's int(str) and float(str), which the reference uses to coerce XML and CSV text to a
// schema's numeric types: surrounding whitespace, a sign, and single underscores between digits
// are accepted; float also takes inf, infinity and nan in any case. Anything else is not a number
// (undefined), and the text is kept for the validator to reject. Only ASCII digits are read.
const DIGITS = String.raw`\d(?:_?\d)*`;
const INT = new RegExp(String.raw`^[+-]?${DIGITS}$`);
const FLOAT = new RegExp(String.raw`^[+-]?(?:${DIGITS}(?:\.(?:${DIGITS})?)?|\.${DIGITS})(?:[eE][+-]?${DIGITS})?$`);
const SPECIAL = /^([+-]?)(inf|infinity|nan)$/i;

export function pyInt(text: string): number | undefined {
  const s = text.trim();
  return INT.test(s) ? Number(s.replaceAll("_", "")) : undefined;
}

export function pyFloat(text: string): number | undefined {
  const s = text.trim();
  const special = SPECIAL.exec(s);
  if (special) return special[2]!.toLowerCase() === "nan" ? NaN : special[1] === "-" ? -Infinity : Infinity;
  return FLOAT.test(s) ? Number(s.replaceAll("_", "")) : undefined;
}

/** Python's reading of a boolean cell: true/1 and false/0, any case; else not a boolean. */
export function pyBool(text: string): boolean | undefined {
  const lower = text.toLowerCase();
  return lower === "true" || lower === "1" ? true : lower === "false" || lower === "0" ? false : undefined;
}
