// Numbers written the way Python's float() reads them: "80", " 1_000.5 ", ".5", "1e-3", "inf",
// "-nan". Answer checks compare values this way so "80" and "80.0" agree, as the reference's do.
const DECIMAL = /^[+-]?(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?$/;
const SPECIAL = /^([+-]?)(inf|infinity|nan)$/i;

/** The value float(text) would give; undefined where it would raise. */
export function pythonFloat(text: string): number | undefined {
  const s = text.trim();
  if (DECIMAL.test(s)) return Number(s.replaceAll("_", ""));
  const special = SPECIAL.exec(s);
  if (!special) return undefined;
  if (special[2]!.toLowerCase() === "nan") return Number.NaN;
  return special[1] === "-" ? -Infinity : Infinity;
}

/** Whether both texts are numbers with the same float value (NaN matches NaN; 0.0 and -0.0 differ, as their reprs do). */
export function sameFloat(a: string, b: string): boolean {
  const x = pythonFloat(a);
  const y = pythonFloat(b);
  return x !== undefined && y !== undefined && Object.is(x, y);
}
