// The library's curricula as levels: the config a level sets, pinned from the library's own
// curriculum (reasoning-gym 49b07130: set_global_level, then generate_configuration with its default,
// inclusive context), on datasets that show each kind of attribute.
import { describe, expect, test } from "vitest";
import { configAt, levelCount } from "../../../../workers/resources/reasoning_gym/curriculum.ts";

const PINNED: [string, number, Record<string, unknown>][] = [
  // Ranges from the first level up to this one; a level past an attribute's last keeps its last.
  ["leg_counting", 0, { min_animals: 1, max_animals: 1, min_instances: 2, max_instances: 4 }],
  ["leg_counting", 1, { min_animals: 1, max_animals: 2, min_instances: 2, max_instances: 8 }],
  ["leg_counting", 35, { min_animals: 1, max_animals: 36, min_instances: 2, max_instances: 1024 }],
  // ensure_interval: one level further, so level 0 is still a real interval.
  ["sudoku", 0, { min_empty: 20, max_empty: 30 }],
  ["sudoku", 1, { min_empty: 20, max_empty: 40 }],
  ["sudoku", 4, { min_empty: 20, max_empty: 60 }],
  ["basic_arithmetic", 0, { min_terms: 2, max_terms: 2, min_digits: 1, max_digits: 1 }],
  ["basic_arithmetic", 1, { min_terms: 2, max_terms: 3, min_digits: 1, max_digits: 2 }],
  ["basic_arithmetic", 4, { min_terms: 2, max_terms: 6, min_digits: 1, max_digits: 4 }],
  // Scalars whose values are lists (of names, of weights).
  ["calendar_arithmetic", 0, { tasks: ["weekday_of_date"], offset_upper_bound: 30 }],
  ["calendar_arithmetic", 1, { tasks: ["weekday_of_date", "is_leap_year", "weekday_offset"], offset_upper_bound: 100 }],
  ["arc_agi", 1, { rotations_weights: [0.15, 0.3, 0.25, 0.3], mirrors_weights: [0.2, 0.2, 0.2, 0.2, 0.2] }],
  ["arc_agi", 3, { rotations_weights: [0.0, 0.4, 0.2, 0.4], mirrors_weights: [0.05, 0.05, 0.1, 0.4, 0.4] }],
];

describe("reasoning_gym's curriculum levels", () => {
  test.each(PINNED)("%s at level %i sets what the library's curriculum sets", (dataset, level, config) => {
    expect(configAt(dataset, level)).toEqual(config);
  });

  test("the number of levels is the longest attribute's; a level outside them, or a dataset without a curriculum, is refused", () => {
    expect([levelCount("leg_counting"), levelCount("sudoku"), levelCount("composite")]).toEqual([36, 5, 0]);
    expect(() => configAt("sudoku", 5)).toThrow("level: expected an integer from 0 to 4 for sudoku, got 5");
    expect(() => configAt("sudoku", 1.5)).toThrow("level:");
    expect(() => configAt("composite", 0)).toThrow("composite has no difficulty levels");
  });
});
