// advanced_geometry: a triangle's orthocenter, incircle radius or angle, from its vertices.
// - angle_measure: the answer's number (a degree sign dropped) equal to the stored one at two
//   decimals (numpy's rounding) scores 1.0; any other non-blank answer 0.05, a blank one 0.01;
// - orthocenter: "(x, y)" equal to the exact point or to it at three decimals, 1.0; else 0.01;
// - incircle_radius: the stored text exactly 1.0; the radius at two decimals 0.5; else 0.05 (a
//   blank answer 0.01).
// An answer that is not a number where one is needed scores 0.01; no answer, 0.
import { defineFamily, type Entry } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";
import { configStrings } from "../support/generator_lists.ts";
import { pyFloat } from "../support/python_number.ts";
import { pyFloatRepr } from "../../../../../shared/verifiers/python_float_repr.ts";
import { pyFormatFixed } from "../../../../../shared/verifiers/python_format.ts";
import { pyStrip } from "../../../../../shared/verifiers/python_str.ts";

/** numpy's round(x, digits): scale, round half to even, unscale. */
function npRound(x: number, digits: number): number {
  const scale = 10 ** digits;
  const y = x * scale;
  let r = Math.round(y);
  if (r - y === 0.5 && r % 2 !== 0) r -= 1;
  return r / scale;
}

/** float(text), raising (as the library's call does) where Python's would. */
function float(text: string): number {
  const value = pyFloat(text);
  if (value === undefined) throw new RangeError(`could not convert ${JSON.stringify(text.slice(0, 40))} to float`);
  return value;
}

/** A coordinate of the exact orthocenter: "p/q" divides as Python's ints do, else float(). */
function coordinate(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value !== "string") throw new TypeError("orthocenter coordinate");
  if (!value.includes("/")) return float(value);
  const [p, q] = value.split("/");
  if (!/^\s*[+-]?\d+\s*$/.test(p!) || !/^\s*[+-]?\d+\s*$/.test(q!)) throw new RangeError("not a ratio of integers");
  return Number(p) / Number(q);
}

function radius(metadata: Entry["metadata"]): number {
  const exact = metadata.incircle_radius_exact;
  const value = typeof exact === "string" ? pyFloat(exact) : undefined;
  if (value !== undefined) return value;
  // The exact radius is a sympy expression float() cannot read (see deviations): use its value.
  if (typeof metadata.incircle_radius_approx === "number") return metadata.incircle_radius_approx;
  throw new RangeError("no incircle radius");
}

function scoreTask(answer: string, entry: Entry): number {
  const expected = String(entry.answer);
  switch (entry.metadata.task_type) {
    case "angle_measure": {
      const given = answer.replaceAll("\u00b0", "");
      if (npRound(float(given), 2) === npRound(float(expected.replaceAll("\u00b0", "")), 2)) return 1;
      return pyStrip(given).length > 0 ? 0.05 : 0.01;
    }
    case "orthocenter": {
      const parts = answer.split(",");
      if (parts.length < 2) throw new RangeError("one coordinate");
      const x = float(parts[0]!.replaceAll("(", ""));
      const y = float(parts[1]!.replaceAll(")", ""));
      const [ex, ey] = (entry.metadata.ortho as unknown[]).map(coordinate) as [number, number];
      if (x === ex && y === ey) return 1;
      return npRound(x, 3) === npRound(ex, 3) && npRound(y, 3) === npRound(ey, 3) ? 1 : 0.01;
    }
    case "incircle_radius":
      if (answer === expected) return 1;
      if (npRound(float(answer), 2) === npRound(radius(entry.metadata), 2)) return 0.5;
      return pyStrip(answer).length > 0 ? 0.05 : 0.01;
    default:
      throw new RangeError(`unknown task_type ${String(entry.metadata.task_type)}`);
  }
}

type Point = [number, number];
const TASK_TYPES = ["orthocenter", "incircle_radius", "angle_measure"];
const ATTEMPTS = 100;
const FORMAT = "Write a point as (x, y) with 3 decimals, a length with 3 decimals, an angle in degrees with 2 decimals and the ° sign; give only that.";

/** Three points with integer coordinates that are not on one line (100 draws, as the library). */
function triangle(rng: Rng, lo: number, hi: number): [Point, Point, Point] {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const [a, b, c] = Array.from({ length: 3 }, (): Point => [rng.int(lo, hi), rng.int(lo, hi)]) as [Point, Point, Point];
    if ((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]) !== 0) return [a, b, c];
  }
  throw new RangeError(`min_coord..max_coord gave no triangle in ${ATTEMPTS} draws`);
}

/** p/q in lowest terms, as sympy prints a Rational ("7", "-214/39"). */
function ratio(p: bigint, q: bigint): string {
  if (q < 0n) [p, q] = [-p, -q];
  let [x, y] = [p < 0n ? -p : p, q];
  while (y) [x, y] = [y, x % y];
  return q / x === 1n ? `${p / x}` : `${p / x}/${q / x}`;
}

const dot = (u: Point, v: Point) => u[0] * v[0] + u[1] * v[1];
const minus = (u: Point, v: Point): Point => [u[0] - v[0], u[1] - v[1]];

/** The question, answer and task fields of one task type for triangle ABC. */
function task(type: string, [a, b, c]: [Point, Point, Point]): { question: string; answer: string; fields: Record<string, unknown> } {
  const named = `A=(${a.join(", ")}), B=(${b.join(", ")}), C=(${c.join(", ")})`;
  if (type === "orthocenter") {
    // The altitudes from A and B: (C - B)·H = (C - B)·A and (A - C)·H = (A - C)·B, by Cramer's rule.
    const [u, v] = [minus(c, b), minus(a, c)];
    const [e, f] = [dot(u, a), dot(v, b)];
    const det = u[0] * v[1] - u[1] * v[0];
    const [nx, ny] = [e * v[1] - u[1] * f, u[0] * f - e * v[0]];
    const approx = [nx / det, ny / det];
    return {
      question: `Where do the three altitudes of the triangle with vertices ${named} meet? ${FORMAT}`,
      answer: `(${approx.map((x) => pyFormatFixed(x, 3)).join(", ")})`,
      fields: { ortho: [ratio(BigInt(nx), BigInt(det)), ratio(BigInt(ny), BigInt(det))], orthocenter_approx: approx },
    };
  }
  if (type === "incircle_radius") {
    // r = area / semi-perimeter = |cross| / perimeter.
    const cross = Math.abs(minus(b, a)[0] * minus(c, a)[1] - minus(b, a)[1] * minus(c, a)[0]);
    const perimeter = Math.hypot(...minus(b, c)) + Math.hypot(...minus(c, a)) + Math.hypot(...minus(a, b));
    const r = cross / perimeter;
    return {
      question: `What is the radius of the circle inscribed in the triangle with vertices ${named}? ${FORMAT}`,
      answer: pyFormatFixed(r, 3),
      fields: { incircle_radius_exact: pyFloatRepr(r), incircle_radius_approx: r },
    };
  }
  const [ba, bc] = [minus(a, b), minus(c, b)];
  const cos = Math.max(-1, Math.min(1, dot(ba, bc) / (Math.hypot(...ba) * Math.hypot(...bc))));
  const degrees = (Math.acos(cos) * 180) / Math.PI;
  return {
    question: `In the triangle with vertices ${named}, how large is the angle ABC (at B)? ${FORMAT}`,
    answer: `${pyFormatFixed(degrees, 2)}\u00b0`,
    fields: { angle_ABC_degrees: degrees },
  };
}

export default defineFamily({
  name: "advanced_geometry",
  category: "geometry",
  scorer: "own",
  score(answer, entry) {
    if (answer === null) return 0;
    try {
      return scoreTask(answer, entry);
    } catch {
      return 0.01;
    }
  },
  generate(rng, config, index) {
    const [lo, hi] = configRange(config, "coord", [-10, 10], [-1_000_000, 1_000_000], true);
    const type = rng.choice(configStrings(config, "task_types", TASK_TYPES, TASK_TYPES));
    const points = triangle(rng, lo, hi);
    const { question, answer, fields } = task(type, points);
    const [a, b, c] = points.map((p) => p.map(String));
    return {
      question,
      answer,
      metadata: { A: a, B: b, C: c, ...fields, source_dataset: "advanced_geometry", source_index: index, task_type: type, difficulty: { min_coord: lo, max_coord: hi } },
    };
  },
  deviations: [
    "incircle_radius: an answer equal to the radius at two decimals but not the stored text scores the intended 0.5 (and another number 0.05); the library calls float() on the exact radius, a sympy expression string, which raises, so every such answer gets 0.01.",
  ],
});
