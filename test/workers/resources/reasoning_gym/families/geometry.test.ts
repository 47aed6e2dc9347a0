// reasoning-gym's geometry families (advanced_geometry, simple_geometry): each scored as the library scores it (the pinned
// scores come from running the library), our deviations, hostile answers, and our generators.
import { describe, expect, test } from "vitest";
import { elapsed, entry, family, generated, score } from "./support.ts";
import type { Entry } from "../../../../../workers/resources/reasoning_gym/families/family.ts";
import { Rng } from "../../../../../workers/resources/reasoning_gym/families/rng.ts";

// Scores the library (reasoning-gym 49b07130, get_score_answer_fn with the default config) gives
// these answers, pinned: [family, entry, [answer, score][]].
const PINNED: [string, Entry, [string | null, number][]][] = [
  ["advanced_geometry", {"question": "", "answer": "(4.051, -5.487)", "metadata": {"A": ["8", "-8"], "B": ["-2", "-7"], "C": ["5", "4"], "ortho": ["158/39", "-214/39"], "orthocenter_approx": [4.051282051282051, -5.487179487179487], "source_dataset": "advanced_geometry", "source_index": 0, "task_type": "orthocenter", "difficulty": {"min_coord": -10, "max_coord": 10}}}, [
    ["(4.051, -5.487)", 1.0],
    ["(4.051,-5.487)", 1.0],
    ["4.051, -5.487", 1.0],
    ["(4.0513, -5.4872)", 1.0],
    ["(158/39, 1)", 0.01],
    ["(4.05128205128205128, -5.487179487179487)", 1.0],
    ["(4.051)", 0.01],
    ["", 0.01],
    ["  ", 0.01],
    ["abc", 0.01],
    ["16.91", 0.01],
    ["16.91 °", 0.01],
    ["16.905", 0.01],
    ["16.915", 0.01],
    ["16.9", 0.01],
    ["1.186", 0.01],
    ["(4.051, -5.487, 9)", 1.0],
    [null, 0.0],
  ]],
  ["advanced_geometry", {"question": "", "answer": "16.91°", "metadata": {"A": ["-2", "1"], "B": ["10", "6"], "C": ["-10", "4"], "angle_ABC_degrees": 16.909271810540783, "source_dataset": "advanced_geometry", "source_index": 4, "task_type": "angle_measure", "difficulty": {"min_coord": -10, "max_coord": 10}}}, [
    ["16.91°", 1.0],
    ["(4.051,-5.487)", 0.01],
    ["4.051, -5.487", 0.01],
    ["(4.0513, -5.4872)", 0.01],
    ["(158/39, 1)", 0.01],
    ["(4.05128205128205128, -5.487179487179487)", 0.01],
    ["(4.051)", 0.01],
    ["", 0.01],
    ["  ", 0.01],
    ["abc", 0.01],
    ["16.91", 1.0],
    ["16.91 °", 1.0],
    ["16.905", 0.05],
    ["16.915", 0.05],
    ["16.9", 0.05],
    ["1.186", 0.05],
    ["(4.051, -5.487, 9)", 0.01],
    [null, 0.0],
  ]],
  ["advanced_geometry", {"question": "", "answer": "1.186", "metadata": {"A": ["-6", "2"], "B": ["10", "-9"], "C": ["-8", "7"], "incircle_radius_exact": "sqrt(-sqrt(145) + sqrt(29)/2 + sqrt(377)/2)*sqrt(-sqrt(29)/2 + sqrt(377)/2 + sqrt(145))*sqrt(-sqrt(377)/2 + sqrt(29)/2 + sqrt(145))/sqrt(sqrt(29)/2 + sqrt(377)/2 + sqrt(145))", "incircle_radius_approx": 1.186461853204762, "source_dataset": "advanced_geometry", "source_index": 6, "task_type": "incircle_radius", "difficulty": {"min_coord": -10, "max_coord": 10}}}, [
    ["1.186", 1.0],
    ["", 0.01],
    ["abc", 0.01],
    [null, 0.0],
  ]],
  ["simple_geometry", {"question": "", "answer": "104", "metadata": {"source_dataset": "simple_geometry", "source_index": 0, "n_sides": 4, "known_angles": [155.0, 26.0, 75.0], "sum_of_known_angles": 256.0, "missing_angle_raw": 104.0, "missing_angle_rounded": 104, "total_interior_sum": 360, "difficulty": {"sides": [3, 6]}}}, [
    [null, 0.0],
    ["104", 1.0],
    ["104.0", 0.6],
    ["104°", 0.75],
    ["The angle is 104", 0.1875],
    ["105", 0.0],
    ["", 0.0],
  ]],
];

function pinnedScores(name: string): void {
  test("scores as the library does", () => {
    const rows = PINNED.filter(([n]) => n === name);
    expect(rows.length).toBeGreaterThan(0);
    for (const [, task, answers] of rows) for (const [answer, want] of answers) expect([answer, score(name, answer, task)]).toEqual([answer, expect.closeTo(want, 12)]);
  });
}

describe("advanced_geometry", () => {
  pinnedScores("advanced_geometry");

  test("incircle_radius: the radius at two decimals scores 0.5, another number 0.05 (the library gives 0.01: see deviations)", () => {
    const task = entry("advanced_geometry", "1.186", { task_type: "incircle_radius", incircle_radius_exact: "sqrt(2)*sqrt(3)/2", incircle_radius_approx: 1.186461853204762 });
    expect(score("advanced_geometry", "1.186", task)).toBe(1);
    expect(score("advanced_geometry", "1.19", task)).toBe(0.5);
    expect(score("advanced_geometry", "1.186 ", task)).toBe(0.5);
    expect(score("advanced_geometry", "1.2", task)).toBe(0.05);
    expect(score("advanced_geometry", "abc", task)).toBe(0.01);
    // A plain number as the exact radius is read as the library reads it.
    expect(score("advanced_geometry", "1.19", { ...task, metadata: { ...task.metadata, incircle_radius_exact: "1.1864" } })).toBe(0.5);
  });

  test("an unknown task type scores 0.01, as the library's except does", () => {
    expect(score("advanced_geometry", "1", entry("advanced_geometry", "1", { task_type: "area" }))).toBe(0.01);
  });

  test("hostile answers stay fast", async () => {
    const task = entry("advanced_geometry", "(4.051, -5.487)", { task_type: "orthocenter", ortho: ["158/39", "-214/39"] });
    for (const answer of ["(".repeat(500_000), "1,".repeat(250_000), "9".repeat(500_000)]) expect(await elapsed(() => score("advanced_geometry", answer, task))).toBeLessThan(2_000);
  });
});

describe("simple_geometry", () => {
  pinnedScores("simple_geometry");
});

describe("generators", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["advanced_geometry", {}, "(1000.0, 1000.0)"],
    ["advanced_geometry", { task_types: ["orthocenter"], min_coord: -50, max_coord: 50 }, "(1000.0, 1000.0)"],
    ["advanced_geometry", { task_types: ["incircle_radius"] }, "1000.0"],
    ["advanced_geometry", { task_types: ["angle_measure"] }, "400.0°"],
    ["simple_geometry", {}, "1000"],
    ["simple_geometry", { min_sides: 7, max_sides: 9, min_angle: 100, max_angle: 160 }, "1000"],
  ];
  for (const [name, config, wrong] of cases)
    test(`${name} ${JSON.stringify(config)}: deterministic; its answer scores 1.0, a wrong one does not`, () => {
      for (const index of [0, 3, 11]) {
        const task = generated(name, config, 7, index);
        expect(score(name, task.answer!, task)).toBe(1);
        expect(score(name, wrong, task)).toBeLessThan(1);
      }
    });

  test("orthocenters are exact ratios; angles of a polygon add up", () => {
    const task = generated("advanced_geometry", { task_types: ["orthocenter"] });
    const [x, y] = (task.metadata.ortho as string[]).map((r) => r.split("/").map(Number).reduce((p, q) => p / q));
    const [a, b, c] = (["A", "B", "C"] as const).map((k) => (task.metadata[k] as string[]).map(Number) as [number, number]);
    // The orthocenter H satisfies (H - A)·(C - B) = 0.
    expect((x! - a![0]) * (c![0] - b![0]) + (y! - a![1]) * (c![1] - b![1])).toBeCloseTo(0, 9);
    const polygon = generated("simple_geometry", { min_sides: 5, max_sides: 5 });
    expect((polygon.metadata.known_angles as number[]).reduce((p, q) => p + q) + Number(polygon.answer)).toBe(540);
  });

  test("invalid config values throw, naming the field", () => {
    const rng = new Rng(1, 0);
    expect(() => family("advanced_geometry").generate!(rng, { min_coord: 3, max_coord: 3 }, 0)).toThrow(/coord/);
    expect(() => family("advanced_geometry").generate!(rng, { task_types: ["area"] }, 0)).toThrow(/task_types/);
    expect(() => family("simple_geometry").generate!(rng, { min_sides: 2 }, 0)).toThrow(/min_sides/);
    expect(() => family("simple_geometry").generate!(rng, { max_angle: 180 }, 0)).toThrow(/max_angle/);
    expect(() => family("simple_geometry").generate!(rng, { min_sides: 3, max_sides: 3, min_angle: 170 }, 0)).toThrow(/min_angle/);
  });
});

