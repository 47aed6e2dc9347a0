// Python's repr() of a float (json.dumps writes the same), pinned to CPython's output.
import { describe, expect, test } from "vitest";
import { pyFloatRepr } from "../../../shared/verifiers/python_float_repr.ts";

describe("pyFloatRepr", () => {
  test("whole numbers keep .0; fixed notation from 1e-4 to below 1e16, exponents outside it", () => {
    const cases: [number, string][] = [
      [5, "5.0"], [-0, "-0.0"], [0.1, "0.1"], [0.0001, "0.0001"], [0.00001, "1e-05"], [1e15, "1000000000000000.0"],
      [1e16, "1e+16"], [123456789012345678, "1.2345678901234568e+17"], [2 ** -1074, "5e-324"], [1.7976931348623157e308, "1.7976931348623157e+308"],
      [1 / 3, "0.3333333333333333"], [NaN, "nan"], [-Infinity, "-inf"],
    ];
    for (const [x, repr] of cases) expect(pyFloatRepr(x)).toBe(repr);
  });
});
