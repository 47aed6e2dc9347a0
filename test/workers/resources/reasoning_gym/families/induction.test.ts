// reasoning-gym's induction families (acre, list_functions): each scored as the library scores it (the pinned
// scores come from running the library), our deviations, hostile answers, and our generators.
import { describe, expect, test } from "vitest";
import { elapsed, entry, family, generated, score } from "./support.ts";
import type { Entry } from "../../../../../workers/resources/reasoning_gym/families/family.ts";
import { Rng } from "../../../../../workers/resources/reasoning_gym/families/rng.ts";

// Scores the library (reasoning-gym 49b07130, get_score_answer_fn with the default config) gives
// these answers, pinned: [family, entry, [answer, score][]].
const PINNED: [string, Entry, [string | null, number][]][] = [
  ["acre", {"question": "", "answer": "off", "metadata": {"source_dataset": "acre", "source_index": 0}}, [
    [null, 0.0],
    ["off", 1.0],
    ["OFF", 0.0],
    ["undetermined", 0.0],
    ["  off", 0.6],
    ["", 0.0],
  ]],
  ["list_functions", {"question": "", "answer": "[28, 88, 49]", "metadata": {"source_dataset": "list_functions", "source_index": 0}}, [
    [null, 0.0],
    ["[28, 88, 49]", 1.0],
    ["[28,88,49]", 0.0],
    ["[[28, 88, 49]]", 0.8571428571428571],
    ["[]", 0.0],
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

describe("acre", () => {
  pinnedScores("acre");
});

describe("list_functions", () => {
  pinnedScores("list_functions");
});

describe("generators", () => {
  test("acre: deterministic; its answer scores 1.0, another status does not; all three statuses occur", () => {
    const seen = new Set<string>();
    for (let index = 0; index < 30; index++) {
      const task = generated("acre", {}, 7, index);
      seen.add(task.answer!);
      expect(score("acre", task.answer!, task)).toBe(1);
      for (const other of ["on", "off", "undetermined"].filter((s) => s !== task.answer)) expect(score("acre", other, task)).toBe(0);
      // An object seen in a trial that stayed off is no blicket: a query of such objects only is off.
      const trials = task.metadata.trials as { objects: string[]; output: string }[];
      const inert = new Set(trials.filter((t) => t.output === "off").flatMap((t) => t.objects));
      if ((task.metadata.query as string[]).every((o) => inert.has(o))) expect(task.answer).toBe("off");
    }
    expect(seen).toEqual(new Set(["on", "off", "undetermined"]));
    expect(() => family("acre").generate!(new Rng(1, 0), { train: 2 }, 0)).toThrow(/train/);
  });

  test("list_functions: deterministic; its answer scores 1.0, a wrong list does not; every rule occurs", () => {
    const rules = new Set<unknown>();
    for (let index = 0; index < 120; index++) {
      const task = generated("list_functions", {}, 7, index);
      rules.add(task.metadata.rule);
      expect(task.answer).toMatch(/^\[(-?\d+(, -?\d+)*)?\]$/);
      expect(score("list_functions", task.answer!, task)).toBe(1);
      expect(score("list_functions", "[-1]", task)).toBe(0);
    }
    expect(rules.size).toBe(17);
  });
});

