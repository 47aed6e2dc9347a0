// Python's format() of a float with a fixed-point spec: f"{x:.2f}" and f"{x:.0%}". The exact
// binary value is rounded half to even (python_round.ts), and a negative value keeps its sign even
// when it rounds to zero ("-0.0"), as Python writes it. For |x| below 1e21 (toFixed's range).
import { pyRound } from "./python_round.ts";

/** format(x, f".{digits}f"). */
export function pyFormatFixed(x: number, digits: number): string {
  if (Number.isNaN(x)) return "nan";
  const sign = x < 0 || Object.is(x, -0) ? "-" : "";
  if (!Number.isFinite(x)) return `${sign}inf`;
  return sign + pyRound(Math.abs(x), digits).toFixed(digits);
}

/** format(x, f".{digits}%"): x times 100 (one float multiplication, as Python does it), then fixed, then "%". */
export const pyFormatPercent = (x: number, digits: number): string => `${pyFormatFixed(x * 100, digits)}%`;
