// The library's decimal reward (chain_sum, products): with commas taken out of both, an answer of
// the same Decimal value as the stored one scores 1.0 (so sign, leading zeros and trailing decimals
// are tolerated: "+01,000.00" is 1000); else an answer containing the stored one scores its share
// of the answer's length; else 0.
import { pyLen } from "../../../../../shared/verifiers/python_str.ts";
import { decimalEquals, parseDecimal } from "../support/python_decimal.ts";

export function decimalReward(answer: string | null, oracle: unknown): number {
  if (answer === null || answer.length === 0 || typeof oracle !== "string") return 0;
  const given = answer.replaceAll(",", "");
  const expected = oracle.replaceAll(",", "");
  const a = parseDecimal(given);
  const b = parseDecimal(expected);
  try {
    if (a !== undefined && b !== undefined && decimalEquals(a, b)) return 1;
  } catch {
    // A signaling NaN makes the comparison raise; the library then falls back to containment.
  }
  // An answer of commas alone divides by zero in the library, which scores 0.
  return given.length > 0 && given.includes(expected) ? pyLen(expected) / pyLen(given) : 0;
}
