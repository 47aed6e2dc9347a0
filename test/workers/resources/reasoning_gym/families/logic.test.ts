// reasoning-gym's logic families (aiw to zebra_puzzles; knights_knaves is tested apart): each scored as the library scores it (the pinned
// scores come from running the library), our deviations, hostile answers, and our generators.
import { describe, expect, test } from "vitest";
import { elapsed, entry, family, generated, score } from "./support.ts";
import type { Entry } from "../../../../../workers/resources/reasoning_gym/families/family.ts";
import { Rng } from "../../../../../workers/resources/reasoning_gym/families/rng.ts";
import { Grid, type Clue } from "../../../../../workers/resources/reasoning_gym/families/logic/zebra_solver.ts";

// Scores the library (reasoning-gym 49b07130, get_score_answer_fn with the default config) gives
// these answers, pinned: [family, entry, [answer, score][]].
const PINNED: [string, Entry, [string | null, number][]][] = [
  ["aiw", {"question": "", "answer": "5", "metadata": {"source_dataset": "aiw", "source_index": 0, "task_type": "siblings", "difficulty": {"task_type_weights": [0.3333333333333333, 0.3333333333333333, 0.3333333333333333], "num_entities": 6}}}, [
    [null, 0.0],
    ["5", 1.0],
    ["5.0", 0.3333333333333333],
    ["The answer is 5", 0.06666666666666667],
    ["4", 0.0],
    ["", 0.0],
  ]],
  ["circuit_logic", {"question": "", "answer": "1", "metadata": {"source_dataset": "circuit_logic", "source_index": 2, "expression": "(A↑A)+(A&B'&A)+(A&B&C)", "assignments": {"A": 0, "B": 1, "C": 1}, "term_strings": ["A↑A", "A&B'&A", "A&B&C"], "final_gate": "OR", "inputs": ["A", "B", "C"], "difficulty": {"terms": [3, 5], "inputs": [2, 4]}}}, [
    [null, 0.0],
    ["1", 1.0],
    ["0", 0.0],
    [" 1", 0.5],
    ["1\n", 0.5],
    ["  1  ", 0.2],
    ["x1", 0.0],
    ["", 0.0],
    ["1.", 0.0],
    ["　1", 0.5],
  ]],
  ["propositional_logic", {"question": "", "answer": null, "metadata": {"source_dataset": "propositional_logic", "premises": ["(¬Q ∨ (P ↔ P))", "¬P", "Q", "((Q → P) ↔ (P ∨ Q))"], "variables": ["P", "Q"], "example_answer": "(P ∧ P)"}}, [
    ["(P ∧ P)", 1.0],
    ["P", 0.25],
    ["¬P", 1.0],
    ["Q", 0.25],
    ["(Q ∧ ¬P)", 1.0],
    ["Q ∧ ¬P", 1.0],
    ["(P ∨ ¬P)", 0.25],
    ["Wrong", 0.0],
    ["", 0.0],
    ["¬", 0.0],
    ["R", 0.0],
    ["p", 0.25],
    ["(Q", 0.25],
    ["((Q ∧ ¬P))", 1.0],
    ["(Q) ∧ (¬P)", 1.0],
    ["¬¬Q", 1.0],
    ["Q → P", 1.0],
    ["P → Q", 1.0],
    ["Q ∨ x", 1.0],
    ["q ∨ x", 1.0],
    ["Q ↔ ¬P", 1.0],
    ["Q∧¬P∧Q", 1.0],
    ["Q ∧", 0.0],
    ["(Q ∧ ¬P", 1.0],
    ["foo ∨ ¬foo", 0.25],
    ["  Q  ", 0.25],
    [null, 0.0],
  ]],
  ["propositional_logic", {"question": "", "answer": null, "metadata": {"source_dataset": "propositional_logic", "premises": ["Q", "(Q → P)"], "variables": ["P", "Q"], "example_answer": "(Q ∧ P)"}}, [
    ["P", 0.25],
    ["(Q ∧ P)", 1.0],
    ["P ∨ R", 0.0],
    ["(P ∨ ¬Q)", 1.0],
    ["(P ∧ ¬Q)", 0.05],
    ["¬P", 0.05],
    ["(Q → P)", 1.0],
    ["P ∧ Q ∧ P", 1.0],
    ["(P ↔ Q)", 1.0],
    ["(P ∨ ¬P)", 0.25],
    ["P)(", 0.05],
    ["P & Q", 0.05],
  ]],
  ["propositional_logic", {"question": "", "answer": null, "metadata": {"source_dataset": "propositional_logic", "source_index": 0, "premises": ["¬(P → Q)", "(¬S ∨ (R ∨ S))"], "variables": ["P", "Q", "R", "S"], "complexity": 3, "example_answer": "(P ∨ S)", "difficulty": {"vars": [2, 4], "statements": [2, 4], "complexity": [1, 3]}}}, [
    ["(P ∨ S)", 1.0],
    ["Wrong", 0.0],
    ["¬((P ∨ S))", 0.05],
  ]],
  ["propositional_logic", {"question": "", "answer": null, "metadata": {"source_dataset": "propositional_logic", "source_index": 1, "premises": ["¬(P ∨ Q)", "(Q ↔ P)", "((P ↔ Q) ↔ (P → P))", "P"], "variables": ["P", "Q"], "complexity": 3, "example_answer": "(Q ∨ P)", "difficulty": {"vars": [2, 4], "statements": [2, 4], "complexity": [1, 3]}}}, [
    ["(Q ∨ P)", 1.0],
    ["Wrong", 0.0],
    ["¬((Q ∨ P))", 1.0],
  ]],
  ["propositional_logic", {"question": "", "answer": null, "metadata": {"source_dataset": "propositional_logic", "source_index": 2, "premises": ["((P ∧ S) ∨ (R → P))", "(Q ∧ Q)", "((Q ∧ P) ∧ (R ∨ Q))"], "variables": ["P", "Q", "R", "S"], "complexity": 4, "example_answer": "(¬S ∨ Q)", "difficulty": {"vars": [2, 4], "statements": [2, 4], "complexity": [1, 3]}}}, [
    ["(¬S ∨ Q)", 1.0],
    ["Wrong", 0.0],
    ["¬((¬S ∨ Q))", 0.05],
  ]],
  ["propositional_logic", {"question": "", "answer": null, "metadata": {"source_dataset": "propositional_logic", "source_index": 3, "premises": ["((Q → P) ∨ (P ∨ P))", "P"], "variables": ["P", "Q"], "complexity": 3, "example_answer": "(P ∨ P)", "difficulty": {"vars": [2, 4], "statements": [2, 4], "complexity": [1, 3]}}}, [
    ["(P ∨ P)", 1.0],
    ["Wrong", 0.0],
    ["¬((P ∨ P))", 0.05],
  ]],
  ["self_reference", {"question": "", "answer": "2", "metadata": {"source_dataset": "self_reference", "source_index": 0, "difficulty": {"difficulty": 5}}}, [
    [null, 0.0],
    ["2", 1.0],
    ["2\n", 0.0],
    ["\n2", 0.0],
    [" 2", 0.0],
    ["99", 0.0],
    ["two", 0.0],
    ["", 0.0],
  ]],
  ["zebra_puzzles", {"question": "", "answer": "Arnold", "metadata": {"source_dataset": "zebra_puzzles"}}, [
    [null, 0.0],
    ["Arnold", 1.0],
    ["arnold", 1.0],
    ["ARNOLD", 1.0],
    ["Arn\nold", 1.0],
    ["Arnold ", 0.0],
    ["Bob", 0.0],
    ["", 0.0],
    ["arnold\n\n", 1.0],
  ]],
  ["syllogism", {"question": "", "answer": "Yes", "metadata": {"source_dataset": "syllogism", "source_index": 0, "premise1": "Some teachers are not parents", "premise2": "All parents are lawyers", "selected_premise": 2, "conclusion": "Some lawyers are parents", "is_valid": true, "type": "inversion"}}, [
    [null, 0.0],
    ["Yes", 1.0],
    ["yes", 0.0],
    ["No", 0.0],
    ["Yes.", 0.75],
    ["", 0.0],
  ]],
  ["syllogism", {"question": "", "answer": "Yes", "metadata": {"source_dataset": "syllogism", "source_index": 1, "premise1": "All adults are grandparents", "premise2": "No grandparents are fish", "conclusion": "Some adults are not fish", "is_valid": true, "type": "syllogism"}}, [
    ["Yes", 1.0],
  ]],
];

function pinnedScores(name: string): void {
  test("scores as the library does", () => {
    const rows = PINNED.filter(([n]) => n === name);
    expect(rows.length).toBeGreaterThan(0);
    for (const [, task, answers] of rows) for (const [answer, want] of answers) expect([answer, score(name, answer, task)]).toEqual([answer, expect.closeTo(want, 12)]);
  });
}

describe("aiw", () => {
  pinnedScores("aiw");
});

describe("circuit_logic", () => {
  pinnedScores("circuit_logic");
});

describe("propositional_logic", () => {
  pinnedScores("propositional_logic");

  const task = entry("propositional_logic", null, { premises: ["Q", "(Q → P)"], variables: ["P", "Q"] });

  test("any entailed conclusion scores, not only the example answer", () => {
    for (const answer of ["(Q ∧ P)", "P ∧ Q", "(P ∨ ¬Q)", "¬¬(P ∧ Q)", "(Q ↔ P)", "(¬P → ¬Q)"]) expect(score("propositional_logic", answer, task)).toBe(1);
    for (const answer of ["¬P", "(P ∧ ¬Q)", "(¬P ∨ ¬Q)"]) expect(score("propositional_logic", answer, task)).toBe(0.05);
    expect(score("propositional_logic", "(P ∨ ¬P)", task)).toBe(0.25);
  });

  test("hostile answers stay fast and bounded", async () => {
    const atoms = Array.from({ length: 30 }, (_, i) => `a${i}`).join(" ∨ ");
    for (const answer of ["(".repeat(250_000) + "P" + ")".repeat(250_000), "P ∧ ".repeat(100_000) + "P", atoms]) expect(await elapsed(() => expect(score("propositional_logic", answer, task)).toBe(0))).toBeLessThan(2_000);
    expect(family("propositional_logic").deviations).toHaveLength(1);
  });
});

describe("self_reference", () => {
  pinnedScores("self_reference");
});

describe("syllogism", () => {
  pinnedScores("syllogism");
});

describe("zebra_puzzles", () => {
  pinnedScores("zebra_puzzles");
});

describe("generators", () => {
  for (const config of [{}, { task_types: ["colleagues"], task_type_weights: [1], max_entities: 20 }] as Record<string, unknown>[])
    test(`aiw ${JSON.stringify(config)}: deterministic; its answer scores 1.0, a wrong one does not`, () => {
      for (const index of [0, 3, 11]) {
        const task = generated("aiw", config, 7, index);
        expect(score("aiw", task.answer!, task)).toBe(1);
        expect(score("aiw", "0", task)).toBe(0);
      }
    });

  for (const config of [{}, { min_vars: 4, max_vars: 6, min_statements: 3, max_statements: 5, max_complexity: 4 }] as Record<string, unknown>[])
    test(`propositional_logic ${JSON.stringify(config)}: deterministic; its example answer is valid, wrong ones are not`, () => {
      for (const index of [0, 3, 11]) {
        const task = generated("propositional_logic", config, 7, index);
        expect(task.answer).toBeNull();
        expect(score("propositional_logic", task.metadata.example_answer as string, task)).toBe(1);
        expect(score("propositional_logic", "Z", task)).toBe(0);
        // A conclusion and its negation cannot both follow (the premises are satisfiable when a non-trivial one does).
        expect(score("propositional_logic", `¬(${task.metadata.example_answer as string})`, task)).toBe(0.05);
      }
    });

  test("invalid config values throw, naming the field", () => {
    const rng = new Rng(1, 0);
    expect(() => family("aiw").generate!(rng, { female_names: ["Mary"] }, 0)).toThrow(/female_names/);
    expect(() => family("aiw").generate!(rng, { max_entities: 0 }, 0)).toThrow(/max_entities/);
    expect(() => family("aiw").generate!(rng, { task_types: ["cousins"] }, 0)).toThrow(/task_types/);
    expect(() => family("propositional_logic").generate!(rng, { min_vars: 3, max_vars: 2 }, 0)).toThrow(/max_vars/);
    expect(() => family("propositional_logic").generate!(rng, { max_complexity: 0 }, 0)).toThrow(/complexity/);
  });
});

describe("more generators", () => {
  test("self_reference: deterministic; its count scores 1.0 and is the number of consistent assignments", () => {
    for (const index of [0, 3, 11]) {
      const task = generated("self_reference", { difficulty: 9 }, 7, index);
      expect(score("self_reference", task.answer!, task)).toBe(1);
      expect(score("self_reference", String(Number(task.answer) + 1), task)).toBe(0);
    }
    // Counts the library's solver gives for these statement parameters (a, b, c, d).
    const counts = new Map<string, number>();
    for (let index = 0; index < 200 && counts.size < 40; index++) {
      const task = family("self_reference").generate!(new Rng(3, index), {}, index);
      const { a, b, c, d } = task.metadata.parameters as Record<string, number>;
      counts.set(`${a},${b},${c},${d}`, Number(task.answer));
    }
    for (const [key, want] of [["1,0,0,0", 2], ["3,2,0,3", 2], ["7,1,3,4", 2], ["2,0,3,7", 2]] as const) if (counts.has(key)) expect(counts.get(key)).toBe(want);
    expect(() => family("self_reference").generate!(new Rng(1, 0), { difficulty: 11 }, 0)).toThrow(/difficulty/);
  });

  test("syllogism: deterministic; its answer scores 1.0; classic forms come out right", () => {
    for (const index of [0, 3, 11]) {
      const task = generated("syllogism", {}, 7, index);
      expect(score("syllogism", task.answer!, task)).toBe(1);
      expect(score("syllogism", task.answer === "Yes" ? "No" : "Yes", task)).toBe(0);
    }
    const form = (m: Record<string, unknown>) => [m.premise1, m.premise2, m.conclusion].map((s) => String(s).split(" ")[0] + (String(s).includes(" not ") ? " not" : "")).join("/");
    const seen = new Set<string>();
    for (let index = 0; index < 300; index++) {
      const task = family("syllogism").generate!(new Rng(5, index), { inversion_probability: 0 }, index);
      const f = form(task.metadata);
      seen.add(f);
      if (f === "All/All/All") expect(task.answer).toBe("Yes");
      if (f === "All/No/No") expect(task.answer).toBe("Yes");
      if (f === "Some/Some/Some" || f === "No/No/No" || f === "All/Some/Some") expect(task.answer).toBe("No");
    }
    expect(seen.has("All/All/All")).toBe(true);
    const inversion = generated("syllogism", { inversion_probability: 1, allow_some: false, allow_some_not: false, allow_no: false });
    expect(inversion.metadata.type).toBe("inversion");
    expect(() => family("syllogism").generate!(new Rng(1, 0), { allow_all: false, allow_no: false, allow_some: false, allow_some_not: false }, 0)).toThrow(/allow_all/);
    expect(() => family("syllogism").generate!(new Rng(1, 0), { invalid_ratio: 2 }, 0)).toThrow(/invalid_ratio/);
  });

  test("circuit_logic: deterministic; its output scores 1.0, the other does not", () => {
    for (const config of [{}, { min_terms: 1, max_terms: 2, min_inputs: 1, max_inputs: 1, neg_prob: 1, allow_reuse: false }] as Record<string, unknown>[])
      for (const index of [0, 3, 11]) {
        const task = generated("circuit_logic", config, 7, index);
        expect(["0", "1"]).toContain(task.answer);
        expect(score("circuit_logic", task.answer!, task)).toBe(1);
        expect(score("circuit_logic", task.answer === "0" ? "1" : "0", task)).toBe(0);
      }
    // One term of one negated input under a final gate: the output follows from the gates' rules.
    const task = generated("circuit_logic", { min_terms: 1, max_terms: 1, min_inputs: 1, max_inputs: 1, neg_prob: 1 });
    const input = Object.values(task.metadata.assignments as Record<string, number>)[0]!;
    const literal = 1 - input;
    const term = /gate 1 = NAND\(/.test(task.question) ? 1 - literal : literal;
    const out = { OR: term, NOR: 1 - term, XOR: term, AND: term }[task.metadata.final_gate as string]!;
    expect(task.answer).toBe(String(out));
    expect(() => family("circuit_logic").generate!(new Rng(1, 0), { neg_prob: 1.5 }, 0)).toThrow(/neg_prob/);
    expect(() => family("circuit_logic").generate!(new Rng(1, 0), { min_inputs: 0 }, 0)).toThrow(/min_inputs/);
  });
});

describe("zebra_puzzles generator", () => {
  test("deterministic; its answer scores 1.0, another name does not", () => {
    for (const config of [{}, { num_people: 3, num_characteristics: 5 }, { num_people: 6, num_characteristics: 3 }] as Record<string, unknown>[])
      for (const index of [0, 3, 11]) {
        const task = generated("zebra_puzzles", config, 7, index);
        expect(score("zebra_puzzles", task.answer!, task)).toBe(1);
        expect(score("zebra_puzzles", task.answer!.toUpperCase(), task)).toBe(1);
        expect(score("zebra_puzzles", "Zed", task)).toBe(0);
        expect(task.metadata.difficulty).toEqual({ num_people: config.num_people ?? 4, num_characteristics: config.num_characteristics ?? 4 });
      }
    expect(() => family("zebra_puzzles").generate!(new Rng(1, 0), { num_people: 8 }, 0)).toThrow(/num_people/);
    expect(() => family("zebra_puzzles").generate!(new Rng(1, 0), { num_characteristics: 1 }, 0)).toThrow(/num_characteristics/);
  });

  test("the solver counts solutions as trying every arrangement does", () => {
    // 3 houses, 3 attributes: 6^3 arrangements, each attribute a permutation of the houses.
    const perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    const grid = new Grid(3, 3);
    const rng = new Rng(11, 0);
    const holds = (c: Clue, at: number[]) =>
      c.kind === "at" ? at[c.item] === c.house : c.kind === "same" ? at[c.a] === at[c.b] : c.kind === "left" ? at[c.b] === at[c.a]! + 1 : Math.abs(at[c.a]! - at[c.b]!) === 1;
    for (let round = 0; round < 60; round++) {
      const clues: Clue[] = Array.from({ length: rng.int(1, 6) }, (): Clue => {
        const kind = rng.choice(["at", "same", "left", "beside"] as const);
        return kind === "at" ? { kind, item: rng.int(0, 8), house: rng.int(0, 2) } : { kind, a: rng.int(0, 8), b: rng.int(0, 8) };
      });
      let brute = 0;
      for (const p of perms) for (const q of perms) for (const r of perms) if (clues.every((c) => holds(c, [...p, ...q, ...r]))) brute++;
      expect(grid.count(clues, 1000)).toBe(brute);
    }
  });
});

