// reasoning-gym's probability families (coin_flip): each scored as the library scores it (the pinned
// scores come from running the library), our deviations, hostile answers, and our generators.
import { describe, expect, test } from "vitest";
import { elapsed, entry, family, generated, score } from "./support.ts";
import type { Entry } from "../../../../../workers/resources/reasoning_gym/families/family.ts";
import { Rng } from "../../../../../workers/resources/reasoning_gym/families/rng.ts";

// Scores the library (reasoning-gym 49b07130, get_score_answer_fn with the default config) gives
// these answers, pinned: [family, entry, [answer, score][]].
const PINNED: [string, Entry, [string | null, number][]][] = [
  ["coin_flip", {"question": "", "answer": "0.3125", "metadata": {"source_dataset": "coin_flip", "source_index": 0, "num_trials": 5, "k_heads": 2, "problem_type": "exact", "rational": {"numerator": 10, "denominator": 32}, "difficulty": {"num_trials": [3, 15]}}}, [
    [null, 0.0],
    ["0.3125", 1.0],
    ["5/16", 1.0],
    ["0.3126", 1.0],
    ["3.125e-1", 1.0],
    ["1,000/3200", 1.0],
    ["abc", 0.0],
    ["", 0.0],
    ["1/0", 0.0],
    ["-0.3125", 0.0],
    ["0.3125000001", 1.0],
    ["0.31251", 1.0],
    ["31.25%", 0.0],
    ["0.3125 heads", 0.0],
    ["10/32", 1.0],
    [" 0.3125 ", 1.0],
    ["3125e-4", 1.0],
    ["0.312_5", 1.0],
  ]],
  ["coin_flip", {"question": "", "answer": "0.125", "metadata": {"source_dataset": "coin_flip", "source_index": 1, "num_trials": 3, "k_heads": 0, "problem_type": "exact", "rational": {"numerator": 1, "denominator": 8}, "difficulty": {"num_trials": [3, 15]}}}, [
    ["0.125", 1.0],
    ["1/8", 1.0],
    ["0.125", 1.0],
  ]],
  ["coin_flip", {"question": "", "answer": "1", "metadata": {"source_dataset": "coin_flip", "source_index": 3, "num_trials": 6, "k_heads": 0, "problem_type": "at_least", "rational": {"numerator": 64, "denominator": 64}, "difficulty": {"num_trials": [3, 15]}}}, [
  ]],
];

function pinnedScores(name: string): void {
  test("scores as the library does", () => {
    const rows = PINNED.filter(([n]) => n === name);
    expect(rows.length).toBeGreaterThan(0);
    for (const [, task, answers] of rows) for (const [answer, want] of answers) expect([answer, score(name, answer, task)]).toEqual([answer, expect.closeTo(want, 12)]);
  });
}

describe("coin_flip", () => {
  pinnedScores("coin_flip");

  test("a matching prefix earns its share of the longer form (the library's shorter-form share gives truncations 1.0: see deviations)", () => {
    const task = entry("coin_flip", "0.125");
    expect(score("coin_flip", "0.1", task)).toBeCloseTo(0.6, 12);
    expect(score("coin_flip", "0.12", task)).toBeCloseTo(0.8, 12);
    expect(score("coin_flip", "0.2", task)).toBeCloseTo(0.4, 12);
    expect(score("coin_flip", "0", entry("coin_flip", "0.3125"))).toBeCloseTo(1 / 6, 12);
    expect(score("coin_flip", "0.5", entry("coin_flip", "0.3125"))).toBeCloseTo(2 / 6, 12);
  });

  test("fractions as Python 3.12 reads them: spaces around the slash", () => {
    expect(score("coin_flip", " 10 / 32 ", entry("coin_flip", "0.3125"))).toBe(1);
  });

  test("a fraction too large for a float raises (the row scores 0)", () => {
    expect(() => family("coin_flip").score("1e400", entry("coin_flip", "0.3125"))).toThrow();
  });

  test("hostile answers stay fast", async () => {
    const task = entry("coin_flip", "0.3125");
    for (const answer of ["9".repeat(500_000), "1/" + "3".repeat(4_000), "0." + "3".repeat(4_000), "1e-" + "9".repeat(4_000), ",".repeat(500_000)]) expect(await elapsed(() => score("coin_flip", answer, task))).toBeLessThan(2_000);
  });
});

describe("generators", () => {
  for (const config of [{}, { min_trials: 20, max_trials: 40, allow_exact: false }, { allow_at_least: false }] as Record<string, unknown>[])
    test(`coin_flip ${JSON.stringify(config)}: deterministic; its answer scores 1.0, a wrong one does not`, () => {
      for (const index of [0, 3, 11]) {
        const task = generated("coin_flip", config, 7, index);
        expect(score("coin_flip", task.answer!, task)).toBe(1);
        expect(score("coin_flip", "2", task)).toBeLessThan(1);
        const { numerator, denominator } = task.metadata.rational as { numerator: number; denominator: number };
        expect(Number(task.answer)).toBeCloseTo(numerator / denominator, 9);
      }
    });

  test("invalid config values throw, naming the field", () => {
    const rng = new Rng(1, 0);
    expect(() => family("coin_flip").generate!(rng, { min_trials: 0 }, 0)).toThrow(/min_trials/);
    expect(() => family("coin_flip").generate!(rng, { allow_exact: false, allow_at_least: false }, 0)).toThrow(/allow_exact/);
    expect(() => family("coin_flip").generate!(rng, { allow_exact: "yes" }, 0)).toThrow(/allow_exact/);
  });
});

