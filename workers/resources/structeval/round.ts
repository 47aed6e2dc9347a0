// Python's round(x, 2) for x in [0, 1]: toFixed rounds the exact binary value, as Python does, but
// takes the larger neighbour on an exact tie, where Python takes the even one. Exact ties at two
// decimals are the odd eighths (0.125, 0.375, ...), the only k/200 a double holds exactly.
export function pyRound2(x: number): number {
  const eighths = x * 8;
  if (Number.isInteger(eighths) && eighths % 2 !== 0) {
    const below = Math.floor(x * 100);
    return (below % 2 === 0 ? below : below + 1) / 100;
  }
  return Number(x.toFixed(2));
}
