import { describe, expect, test } from "vitest";
import { histogram } from "../../../shared/metrics/histogram.ts";

describe("numeric histogram bins", () => {
  test("few distinct values: a bin each at its true position, as wide as the closest gap", () => {
    const bins = histogram([-2, 9.8, 10.3, 10.3, -2, 10.3]);
    expect(bins.map((b) => b.count)).toEqual([2, 1, 3]);
    const centres = bins.map((b) => (b.lo + b.hi) / 2);
    [-2, 9.8, 10.3].forEach((v, i) => expect(centres[i]).toBeCloseTo(v, 9));
    bins.forEach((b) => expect(b.hi - b.lo).toBeCloseTo(0.5, 9));
    // Unequal spacing kept: the gap between the first two bins is far wider than between the last two.
    expect(bins[1]!.lo - bins[0]!.hi).toBeGreaterThan(10 * (bins[2]!.lo - bins[1]!.hi));
  });

  test("values that do not repeat (durations) are continuous: equal bins, however few", () => {
    const bins = histogram([0.21, 0.25, 0.26, 0.33, 0.4, 0.41, 0.47, 0.5]);
    expect(bins).toHaveLength(20);
    bins.forEach((b) => expect(b.hi - b.lo).toBeCloseTo((0.5 - 0.21) / 20, 12));
    expect([bins[0]!.lo, bins.at(-1)!.hi]).toEqual([0.21, 0.5]);
    expect(bins.reduce((n, b) => n + b.count, 0)).toBe(8);
  });

  test("many values: equal bins over [min, max], the last closed", () => {
    const bins = histogram(Array.from({ length: 100 }, (_, i) => i), 10);
    expect(bins).toHaveLength(10);
    expect(bins.map((b) => b.count)).toEqual(new Array(10).fill(10));
    expect(bins[0]!.lo).toBe(0);
    expect(bins.at(-1)!.hi).toBe(99);
    expect(histogram([])).toEqual([]);
    expect(histogram([3, 3])).toEqual([{ lo: 2.5, hi: 3.5, count: 2 }]);
  });
});
