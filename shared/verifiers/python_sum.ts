// Python >= 3.12's built-in sum() over floats, which is compensated (Neumaier's variant of Kahan
// summation), so it differs from a left-to-right `+` fold: sum([0.1] * 10) is 1.0, not
// 0.9999999999999999. Reference metrics computed with sum() on Python 3.12+ need this to agree to
// the last bit.
//
// Scope: every item a Python float. sum() starts from the int 0, so the first float is added to 0
// uncompensated (sum([-0.0]) is 0.0) and the rest go through the compensated loop; the compensation
// is added back at the end only when it is non-zero and finite (an infinite or overflowed total
// stays infinite rather than turning into NaN). Python ints mixed in would take other paths (ints
// before the first float add exactly as integers, later ones add uncompensated), which a number[]
// cannot show, so callers summing ints should not use this.

/** sum(values) of Python floats as CPython 3.12+ computes it; 0 for an empty list. */
export function pythonFloatSum(values: readonly number[]): number {
  if (values.length === 0) return 0;
  let total = 0 + values[0]!;
  let compensation = 0;
  for (let i = 1; i < values.length; i++) {
    const x = values[i]!;
    const next = total + x;
    // The low-order bits lost by this addition, taken from whichever operand is smaller.
    compensation += Math.abs(total) >= Math.abs(x) ? total - next + x : x - next + total;
    total = next;
  }
  return compensation !== 0 && Number.isFinite(compensation) ? total + compensation : total;
}
