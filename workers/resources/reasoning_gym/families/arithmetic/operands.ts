// The integers chain_sum, decimal_chain_sum and products draw: numbers of `digits` digits (one digit
// includes 0), or with negation any magnitude below 10^digits of either sign.
export function operandRange(digits: number, negation: boolean): [number, number] {
  const high = 10 ** digits - 1;
  if (negation) return [-high, high];
  return [digits === 1 ? 0 : 10 ** (digits - 1), high];
}
