import { describe, expect, test } from "vitest";
import { pin, scored, staysFast } from "./support.ts";
import { FAMILIES } from "../../../../../workers/resources/reasoning_gym/families/index.ts";
import type { Entry } from "../../../../../workers/resources/reasoning_gym/families/family.ts";
import { Rng } from "../../../../../workers/resources/reasoning_gym/families/rng.ts";

const board = (name: string): Entry => ({ question: "", answer: "1 2\n3 4", metadata: { source_dataset: name, output: [[1, 2], [3, 4]] } });

describe("arc_1d", () => {
  test("the library's base scorer: the stored row exactly, or its share of a longer answer", () => {
    pin({"question": "", "answer": "4 4 4 4 4 4 4 0 0 0 0 0 0 0 4 4 4 4 4 4 4 4 4 4 4 4 4 4", "metadata": {"source_dataset": "arc_1d"}}, [
      ["4 4 4 4 4 4 4 0 0 0 0 0 0 0 4 4 4 4 4 4 4 4 4 4 4 4 4 4", 1.0],
      ["4 4 4 4 4 4 4 0 0 0 0 0 0 0 4 4 4 4 4 4 4 4 4 4 4 4 4 4 ", 0.9821428571428571],
      ["x 4 4 4 4 4 4 4 0 0 0 0 0 0 0 4 4 4 4 4 4 4 4 4 4 4 4 4 4", 0.9649122807017544],
      ["0", 0.0],
    ]);
    pin({"question": "", "answer": "7 6 2 6 5 5 3 4 0 0 0 0 0 0 0 0 0 0 9", "metadata": {"source_dataset": "arc_1d"}}, [
      ["7 6 2 6 5 5 3 4 0 0 0 0 0 0 0 0 0 0 9", 1.0],
      ["The answer is 7 6 2 6 5 5 3 4 0 0 0 0 0 0 0 0 0 0 9", 0.7254901960784313],
    ]);
  });
  test("no answer scores 0", () => {
    expect(scored(null, board("arc_1d"))).toBe(0);
  });
});

for (const name of ["arc_agi", "rearc"]) {
  describe(name, () => {
    test("the answer read back into a board: the stored board 1.0, another board 0.05, no board 0", () => {
      pin({"question": "", "answer": "1 2\n3 4", "metadata": {"source_dataset": name, "output": [[1, 2], [3, 4]]}}, [
        ["1 2\n3 4", 1.0],
        ["  1  2 \n 3 4\n", 1.0],
        ["Shape: 2x2\n1 2\n3 4", 1.0],
        ["1 2\n3 5", 0.05],
        ["1 2\n\n3 4", 0.05],
        ["1 a\n3 4", 0.0],
        ["", 0.05],
        ["1,2\n3,4", 0.0],
        ["1\t2\n3 4", 0.0],
        ["[[1,2],[3,4]]", 0.0],
        ["12\n34", 0.0],
        ["1 2\r\n3 4", 1.0],
        [" 1 2\n3 4 ", 1.0],
      ]);
    });
    test("the JSON row's list board scores the exact answer 1.0 (NeMo Gym's server, comparing with tuples, gives 0.05)", () => {
      expect(scored("1 2\n3 4", board(name))).toBe(1);
      expect(FAMILIES.get(name)!.deviations?.length).toBeGreaterThan(0);
    });
    test("blank lines at either end are dropped, between rows they are empty rows; only blank text is one empty row", () => {
      expect(scored("\n\n1 2\n3 4\n\n", board(name))).toBe(1);
      expect(scored("1 2\n \n3 4", board(name))).toBe(0.05);
      const empty: Entry = { question: "", answer: "", metadata: { source_dataset: name, output: [[]] } };
      expect(scored(" \n\n ", empty)).toBe(1);
    });
    test("no answer, or a row without the stored output, scores 0", () => {
      expect(scored(null, board(name))).toBe(0);
      expect(scored("1 2\n3 4", { question: "", answer: "1 2\n3 4", metadata: { source_dataset: name } })).toBe(0);
    });
    test("a 500 KB answer stays fast", () => {
      staysFast(board(name), ["1 2 3 4\n", "x", " ", "1 "]);
    });
  });
}

/** A generated task: the same for the same (seed, index, config); its stored answer (or, for a validity family, `solution(entry)`) scores 1.0 and `wrong(entry)` does not. */
function checkGenerator(name: string, config: Record<string, unknown>, wrong: (entry: Entry) => string, solution: (entry: Entry) => string = (entry) => entry.answer!): void {
  const family = FAMILIES.get(name)!;
  for (let index = 0; index < 25; index++) {
    const entry = family.generate!(new Rng(11, index), config, index);
    expect(family.generate!(new Rng(11, index), config, index)).toEqual(entry);
    expect(entry.metadata).toMatchObject({ source_dataset: name, source_index: index });
    expect(entry.metadata.difficulty).toBeTypeOf("object");
    expect(family.score(solution(entry), entry), solution(entry)).toBe(1);
    expect(family.score(wrong(entry), entry), wrong(entry)).toBeLessThan(1);
  }
  expect(family.generate!(new Rng(12, 0), config, 0)).not.toEqual(family.generate!(new Rng(11, 0), config, 0));
}

const rejects = (name: string, config: Record<string, unknown>, field: string) => expect(() => FAMILIES.get(name)!.generate!(new Rng(1, 0), config, 0)).toThrow(field);

describe("arc_1d generator", () => {
  test("the test row under the rule the examples show (a subset of the library's kinds of row puzzle)", () => {
    checkGenerator("arc_1d", {}, (e) => `${e.answer} 0`);
    checkGenerator("arc_1d", { min_size: 8, max_size: 8, num_train: 5 }, (e) => (e.answer as string).replace(/\d$/, (d) => String((Number(d) + 1) % 10)));
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const entry = FAMILIES.get("arc_1d")!.generate!(new Rng(6, i), { min_size: 8, max_size: 40 }, i);
      seen.add(entry.metadata.task_name as string);
      const test = entry.metadata.test_example as { input: number[]; output: number[] };
      expect(test.output.length).toBe(test.input.length);
      expect(entry.answer).toBe(test.output.join(" "));
    }
    expect(seen.size).toBe(13);
    rejects("arc_1d", { min_size: 7 }, "min_size");
    rejects("arc_1d", { num_train: 0 }, "num_train");
  });
});
