// repr() of a Python float, which json.dumps writes too: the shortest digits that read back (as
// JavaScript finds them), in fixed notation from 1e-4 up to 1e16 and as d.ddde+XX outside it,
// with ".0" on whole numbers. Where Python's text is shown to a model, it reads the same.
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  const [mantissa, exp] = x.toExponential().split("e") as [string, string];
  const exponent = Number(exp);
  if (exponent < -4 || exponent >= 16) {
    const sign = exponent < 0 ? "-" : "+";
    return `${mantissa}e${sign}${String(Math.abs(exponent)).padStart(2, "0")}`;
  }
  const text = String(x);
  return Object.is(x, -0) ? "-0.0" : /[.e]/.test(text) ? text : `${text}.0`;
}
