import { describe, expect, test } from "vitest";
import { pin, scored, staysFast } from "./support.ts";
import { FAMILIES } from "../../../../../workers/resources/reasoning_gym/families/index.ts";
import type { Entry } from "../../../../../workers/resources/reasoning_gym/families/family.ts";
import { Rng } from "../../../../../workers/resources/reasoning_gym/families/rng.ts";

describe("course_schedule", () => {
  test("the library's base scorer", () => {
    pin({"question": "", "answer": "False", "metadata": {"source_dataset": "course_schedule"}}, [
      ["False", 1.0],
      ["The answer is False", 0.2631578947368421],
      ["", 0.0],
      ["zzz", 0.0],
    ]);
  });
});

describe("largest_island", () => {
  test("the library's base scorer", () => {
    pin({"question": "", "answer": "0", "metadata": {"source_dataset": "largest_island"}}, [
      ["0", 1.0],
      ["The answer is 0", 0.06666666666666667],
      ["", 0.0],
      ["zzz", 0.0],
    ]);
  });
});

describe("family_relationships", () => {
  test("the relation, stripped and in any case, 1.0; else 0", () => {
    pin({"question": "", "answer": "mother-in-law", "metadata": {"source_dataset": "family_relationships"}}, [
      ["mother-in-law", 1.0],
      ["MOTHER-IN-LAW ", 1.0],
      ["the mother-in-law", 0.0],
      ["", 0.0],
    ]);
  });
  test("no answer 0; a 500 KB answer stays fast", () => {
    const entry: Entry = { question: "", answer: "aunt", metadata: { source_dataset: "family_relationships" } };
    expect(scored(null, entry)).toBe(0);
    staysFast(entry, ["aunt ", " "]);
  });
});

describe("path_star", () => {
  test("the node list, whitespace runs as one space, 1.0; else 0 (the library's tests)", () => {
    pin({"question": "", "answer": "17611 12302 63944 3715 51093 56723", "metadata": {"source_dataset": "path_star"}}, [
      ["17611 12302 63944 3715 51093 56723", 1.0],
      ["  17611 12302 63944 3715 51093 56723  ", 1.0],
      ["17611   12302   63944   3715   51093   56723", 1.0],
      ["17611\n12302\n63944\n3715\n51093\n56723", 1.0],
      ["0 1 2 3", 0.0],
      ["", 0.0],
      ["   ", 0.0],
      ["17611 12302 63944 3715 51093 56723 1", 0.0],
    ]);
  });
  test("no answer 0; a 500 KB answer stays fast", () => {
    const entry: Entry = { question: "", answer: "3 7 9", metadata: { source_dataset: "path_star" } };
    expect(scored(null, entry)).toBe(0);
    staysFast(entry, ["3 7 9 ", " "]);
  });
});

const lock: Entry = {
  question: "",
  answer: "A → B",
  metadata: {
    source_dataset: "quantum_lock",
    initial_value: 0,
    initial_state: "red",
    target_value: 8,
    buttons: [
      { name: "A", type: "add", value: 2, active_state: "any" },
      { name: "B", type: "multiply", value: 2, active_state: "green" },
      { name: "C", type: "multiply", value: 2, active_state: "red" },
    ],
  },
};

describe("quantum_lock", () => {
  test("the stored sequence 1.0; another reaching the target 1.0 if as short, 0.5 if longer; else 0 (letters A..C in any case)", () => {
    pin({"question": "", "answer": "B → B → B → B", "metadata": {"source_dataset": "quantum_lock", "initial_value": 0, "initial_state": "red", "target_value": 8, "buttons": [{"name": "A", "type": "subtract", "value": 2, "active_state": "green"}, {"name": "B", "type": "add", "value": 2, "active_state": "any"}, {"name": "C", "type": "add", "value": 1, "active_state": "red"}]}}, [
      ["B → B → B → B", 1.0],
      ["b → b → b → b", 1.0],
      ["BBBB", 1.0],
      ["", 0.0],
      ["XYZ", 0.0],
      ["B → B → B → B → A", 0.5],
      ["A", 0.0],
      ["A B C A B C", 0.0],
      ["B then B then B then B", 1.0],
    ]);
    pin({"question": "", "answer": "B → B → B → B", "metadata": {"source_dataset": "quantum_lock", "initial_value": 0, "initial_state": "red", "target_value": 8, "buttons": [{"name": "A", "type": "add", "value": 1, "active_state": "any"}, {"name": "B", "type": "add", "value": 2, "active_state": "any"}, {"name": "C", "type": "add", "value": 1, "active_state": "green"}]}}, [
      ["B → B → B → B", 1.0],
      ["b → b → b → b", 1.0],
      ["BBBB", 1.0],
      ["", 0.0],
      ["XYZ", 0.0],
      ["B → B → B → B → A", 0.0],
      ["A", 0.0],
      ["A B C A B C", 0.0],
      ["B then B then B then B", 1.0],
    ]);
    pin({"question": "", "answer": "C → A → C → A → C → A", "metadata": {"source_dataset": "quantum_lock", "initial_value": 0, "initial_state": "red", "target_value": 14, "buttons": [{"name": "A", "type": "multiply", "value": 2, "active_state": "any"}, {"name": "B", "type": "multiply", "value": 2, "active_state": "green"}, {"name": "C", "type": "add", "value": 1, "active_state": "red"}]}}, [
      ["C → A → C → A → C → A", 1.0],
      ["c → a → c → a → c → a", 1.0],
      ["CACACA", 1.0],
      ["", 0.0],
      ["XYZ", 0.0],
      ["C → A → C → A → C → A → A", 0.0],
      ["A", 0.0],
      ["A B C A B C", 0.0],
      ["C then A then C then A then C then A", 1.0],
    ]);
    pin({"question": "", "answer": "B → C → C → C → C → C → C → C", "metadata": {"source_dataset": "quantum_lock", "initial_value": 0, "initial_state": "red", "target_value": 13, "buttons": [{"name": "A", "type": "subtract", "value": 1, "active_state": "green"}, {"name": "B", "type": "subtract", "value": 1, "active_state": "any"}, {"name": "C", "type": "add", "value": 2, "active_state": "any"}]}}, [
      ["B → C → C → C → C → C → C → C", 1.0],
      ["b → c → c → c → c → c → c → c", 1.0],
      ["BCCCCCCC", 1.0],
      ["", 0.0],
      ["XYZ", 0.0],
      ["B → C → C → C → C → C → C → C → A", 0.5],
      ["A", 0.0],
      ["A B C A B C", 0.0],
      ["B then C then C then C then C then C then C then C", 1.0],
    ]);
    pin({"question": "", "answer": "A → B", "metadata": {"source_dataset": "quantum_lock", "initial_value": 0, "initial_state": "red", "target_value": 8, "buttons": [{"name": "A", "type": "add", "value": 2, "active_state": "any"}, {"name": "B", "type": "multiply", "value": 2, "active_state": "green"}, {"name": "C", "type": "multiply", "value": 2, "active_state": "red"}]}}, [
      ["A B", 1.0],
      ["A A A A", 0.5],
      ["C A B", 0.0],
      ["A A B", 0.0],
      ["B A B", 0.0],
      ["AAAA", 0.5],
      ["A → A → A → A", 0.5],
      ["cab", 0.0],
      ["A B A C", 0.0],
    ]);
  });
  test("a button pressed while the light shows another colour does nothing and leaves the light", () => {
    // B works only on green: B (red) is skipped, A = 2 (green), B = 4 (red), A = 6 (green).
    expect(scored("B A B A", lock)).toBe(0);
    // C = 0 (green), A = 2 (red), B skipped, C = 4 (green): not 8.
    expect(scored("C A B C", lock)).toBe(0);
    // C = 0 (green), A = 2 (red), C = 4 (green), B = 8: the target, in more presses than the stored two.
    expect(scored("C A C B", lock)).toBe(0.5);
  });
  test("no answer 0; a 500 KB answer stays fast (values past 2^53 never come back to the target)", () => {
    expect(scored(null, lock)).toBe(0);
    staysFast(lock, ["A", "AB", "C", "x"]);
  });
});

describe("shortest_path", () => {
  test("the stored walk 1.0; another valid walk as long 1.0, longer 0.5; else 0 (the library's tests)", () => {
    pin({"question": "", "answer": "right right down down", "metadata": {"source_dataset": "shortest_path", "matrix": [["X", "X", "X", "X", "X"], ["X", "*", "O", "O", "X"], ["X", "O", "X", "O", "X"], ["X", "O", "O", "#", "X"]]}}, [
      ["right right down down", 1.0],
      ["down down right right", 1.0],
      ["right down right down", 0.0],
      ["Right right down down", 0.0],
      ["right right down down up down", 0.5],
      [" right  right\ndown down ", 1.0],
      ["", 0.0],
      ["left", 0.0],
      ["infeasible", 0.0],
      ["right right down down right left", 0.0],
    ]);
    pin({"question": "", "answer": "right right", "metadata": {"source_dataset": "shortest_path", "matrix": [["X", "X", "X", "X", "X"], ["X", "*", "O", "#", "X"], ["X", "O", "X", "O", "X"], ["X", "O", "O", "O", "X"]]}}, [
      ["right right", 1.0],
      ["down down right right up up", 0.5],
      ["right right right left", 0.0],
      ["right right down up", 0.5],
    ]);
    pin({"question": "", "answer": "infeasible", "metadata": {"source_dataset": "shortest_path", "matrix": [["*", "X", "#"]]}}, [
      ["infeasible", 1.0],
      [" infeasible ", 1.0],
      ["Infeasible", 0.0],
      ["right right", 0.0],
      ["", 0.0],
    ]);
    pin({"question": "", "answer": "up up right up", "metadata": {"source_dataset": "shortest_path", "matrix": [["X", "O", "O", "#", "O"], ["X", "X", "O", "O", "O"], ["X", "O", "O", "X", "O"], ["O", "X", "*", "O", "O"], ["X", "X", "O", "X", "X"], ["O", "O", "X", "X", "X"]]}}, [
      ["up up right up", 1.0],
    ]);
    pin({"question": "", "answer": "up", "metadata": {"source_dataset": "shortest_path", "matrix": [["X", "#", "O", "O", "X"], ["O", "*", "O", "X", "O"], ["X", "O", "O", "O", "O"], ["O", "X", "X", "X", "O"], ["X", "X", "O", "O", "O"]]}}, [
      ["up", 1.0],
    ]);
    pin({"question": "", "answer": "left", "metadata": {"source_dataset": "shortest_path", "matrix": [["X", "O", "O", "X", "X", "O"], ["X", "X", "#", "*", "O", "O"], ["O", "X", "O", "O", "O", "O"], ["O", "X", "O", "O", "X", "X"], ["O", "O", "O", "O", "O", "O"], ["X", "O", "O", "O", "O", "X"]]}}, [
      ["left", 1.0],
    ]);
  });
  const grid: Entry = { question: "", answer: "right", metadata: { source_dataset: "shortest_path", matrix: [["*", "#"], ["O", "O"]] } };
  test("a walk may pass the destination and come back; a grid without * or # scores 0", () => {
    expect(scored("down right up", grid)).toBe(0.5);
    expect(scored("right left right", grid)).toBe(0.5);
    expect(scored("down", { ...grid, metadata: { source_dataset: "shortest_path", matrix: [["O", "#"], ["O", "O"]] } })).toBe(0);
  });
  test("no answer 0; a 500 KB answer stays fast", () => {
    expect(scored(null, grid)).toBe(0);
    staysFast(grid, ["right ", "left right ", " "]);
  });
});

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

describe("generators", () => {
  test("shortest_path: a shortest walk by breadth-first search, or infeasible; another walk as short also scores 1.0", () => {
    checkGenerator("shortest_path", {}, (e) => (e.answer === "infeasible" ? "up" : `${e.answer} left right`));
    checkGenerator("shortest_path", { min_rows: 2, max_rows: 3, min_cols: 2, max_cols: 3, p_blocked: 0 }, (e) => `${e.answer} up down`);
    const blocked = FAMILIES.get("shortest_path")!.generate!(new Rng(1, 0), { p_blocked: 1 }, 0);
    expect(blocked.answer).toBe("infeasible");
    rejects("shortest_path", { min_rows: 1, max_rows: 1, min_cols: 1, max_cols: 1 }, "min_rows");
    rejects("shortest_path", { p_blocked: 1.5 }, "p_blocked");
  });
  test("quantum_lock: the shortest button sequence reaching the target", () => {
    checkGenerator("quantum_lock", {}, (e) => `${e.answer} → A → A`);
    checkGenerator("quantum_lock", { difficulty: 3 }, () => "A");
    rejects("quantum_lock", { difficulty: 0 }, "difficulty");
  });
  test("path_star: the centre-to-goal path (goal-to-centre when reversed)", () => {
    checkGenerator("path_star", {}, (e) => (e.answer as string).split(" ").slice(0, -1).join(" "));
    checkGenerator("path_star", { degree: 5, min_path_length: 6, max_path_length: 7, reversed: true }, (e) => (e.answer as string).split(" ").reverse().join(" "));
    const entry = FAMILIES.get("path_star")!.generate!(new Rng(1, 0), { reversed: true }, 0);
    expect(String(entry.answer).startsWith(String(entry.metadata.goal))).toBe(true);
    rejects("path_star", { degree: 1 }, "degree");
    rejects("path_star", { node_range: 10 }, "node_range");
    rejects("path_star", { reversed: "yes" }, "reversed");
  });
});

describe("generators (default scorer)", () => {
  test("largest_island: the largest island's area", () => {
    checkGenerator("largest_island", {}, (e) => String(Number(e.answer) + 1));
    checkGenerator("largest_island", { min_rows: 20, max_rows: 30, min_num_islands: 3, max_num_islands: 9, min_island_size: 5, max_island_size: 40 }, (e) => `${e.answer}0`);
    expect(FAMILIES.get("largest_island")!.generate!(new Rng(1, 0), { max_num_islands: 0 }, 0).answer).toBe("0");
    rejects("largest_island", { min_rows: 0 }, "min_rows");
    rejects("largest_island", { min_island_size: 3, max_island_size: 2 }, "max_island_size");
  });
  test("course_schedule: True exactly when the prerequisites have no cycle", () => {
    checkGenerator("course_schedule", {}, (e) => (e.answer === "True" ? "False" : "True"));
    expect(FAMILIES.get("course_schedule")!.generate!(new Rng(1, 0), { p_solvable: 1 }, 0).answer).toBe("True");
    expect(FAMILIES.get("course_schedule")!.generate!(new Rng(1, 0), { p_solvable: 0 }, 0).answer).toBe("False");
    checkGenerator("course_schedule", { min_num_courses: 50, max_num_courses: 100, max_num_prerequisites: 5, min_cycle_length: 4, max_cycle_length: 6 }, (e) => `${e.answer}.`);
    rejects("course_schedule", { min_num_courses: 2 }, "min_num_courses");
    rejects("course_schedule", { p_solvable: -0.1 }, "p_solvable");
  });
});

describe("family_relationships generator", () => {
  test("the word for what the first person is to the second, from the family story", () => {
    checkGenerator("family_relationships", {}, (e) => `${e.answer}s`);
    checkGenerator("family_relationships", { min_family_size: 9, max_family_size: 14 }, (e) => (e.answer === "aunt" ? "uncle" : "aunt"));
    const words = new Set<string>();
    for (let i = 0; i < 300; i++) words.add(FAMILIES.get("family_relationships")!.generate!(new Rng(2, i), { min_family_size: 3, max_family_size: 12 }, i).answer!);
    // The relations run both ways round: niece and nephew by the first person's sex, in-laws as the spouse's parent.
    expect([...words].sort()).toEqual(["aunt", "brother", "daughter", "father", "father-in-law", "grandfather", "grandmother", "husband", "mother", "mother-in-law", "nephew", "niece", "sister", "son", "uncle", "wife"]);
    rejects("family_relationships", { min_family_size: 2 }, "min_family_size");
    rejects("family_relationships", { male_names: [] }, "male_names");
    rejects("family_relationships", { min_family_size: 12, max_family_size: 12, female_names: ["Ann", "Bea"] }, "female_names");
  });
  test("a small family's story and answer", () => {
    const entry = FAMILIES.get("family_relationships")!.generate!(new Rng(1, 0), { min_family_size: 3, max_family_size: 3, male_names: ["Al", "Bo", "Cy"], female_names: ["Di"] }, 0);
    expect(entry.question.split("\n")[0]).toMatch(/^[A-Z][a-z] and Di are married\. Their child is [A-Z][a-z]\.$/);
    expect(["father", "mother", "son"]).toContain(entry.answer);
  });
});
