// Python's round(x, ndigits) on floats: the exact binary value of x rounded to the nearest
// multiple of 10^-ndigits, halves to even (2.675 is below its half in binary, so it becomes 2.67;
// 0.125 is an exact half, so 0.12). Metrics computed by the reference round this way.
/** Python's round(x, digits) for digits >= 0. */
export function pyRound(x: number, digits: number): number {
  const [whole, fraction] = Math.abs(x).toFixed(100).split(".") as [string, string];
  const kept = whole + fraction.slice(0, digits);
  const rest = fraction.slice(digits);
  const up = rest[0]! > "5" || (rest[0] === "5" && (/[1-9]/.test(rest.slice(1)) || Number(kept.at(-1)) % 2 === 1));
  const units = (BigInt(kept) + (up ? 1n : 0n)).toString().padStart(digits + 1, "0");
  const text = digits === 0 ? units : `${units.slice(0, -digits)}.${units.slice(-digits)}`;
  return Math.sign(x) * Number(text) || 0;
}
