import { describe, expect, test } from "vitest";
import { scored } from "./support.ts";
import { FAMILIES } from "../../../../../workers/resources/reasoning_gym/families/index.ts";
import type { Entry } from "../../../../../workers/resources/reasoning_gym/families/family.ts";
import { Rng } from "../../../../../workers/resources/reasoning_gym/families/rng.ts";

const rejects = (name: string, config: Record<string, unknown>, field: string) => expect(() => FAMILIES.get(name)!.generate!(new Rng(1, 0), config, 0)).toThrow(field);

const composite = FAMILIES.get("composite")!;

describe("composite", () => {
  test("scores a task by the family its metadata names, as the library hands it to that dataset's scorer", () => {
    const lock: Entry = { question: "", answer: "A", metadata: { source_dataset: "quantum_lock", initial_value: 0, initial_state: "red", target_value: 2, buttons: [{ name: "A", type: "add", value: 2, active_state: "any" }] } };
    expect(composite.score("A", lock)).toBe(1);
    expect(composite.score("A A", lock)).toBe(0);
    const cube: Entry = { question: "", answer: "Red", metadata: { source_dataset: "color_cube_rotation" } };
    expect(composite.score(" red ", cube)).toBe(1);
    expect(composite.score("blue", cube)).toBe(0.01);
  });
  test("a row naming composite itself names no sub-dataset: 0, as NeMo Gym's server scores it (the library cannot build composite's scorer from its empty default config)", () => {
    expect(scored("anything", { question: "", answer: "anything", metadata: { source_dataset: "composite" } })).toBe(0);
    expect(() => composite.score("x", { question: "", answer: "x", metadata: { source_dataset: "no_such_dataset" } })).toThrow("no_such_dataset");
  });
  test("generates a task of a sub-dataset drawn by weight, with that dataset's config, scored by its family", () => {
    const config = { datasets: [{ name: "quantum_lock", weight: 1, config: { difficulty: 3 } }, { name: "color_cube_rotation", weight: 3, config: {} }] };
    const drawn = new Set<string>();
    for (let index = 0; index < 40; index++) {
      const entry = composite.generate!(new Rng(5, index), config, index);
      expect(composite.generate!(new Rng(5, index), config, index)).toEqual(entry);
      drawn.add(entry.metadata.source_dataset);
      expect(entry.metadata.source_index).toBe(index);
      expect(scored(entry.answer ?? null, entry)).toBe(1);
      expect(scored(`${entry.answer} → A X`, entry)).toBeLessThan(1);
    }
    expect([...drawn].sort()).toEqual(["color_cube_rotation", "quantum_lock"]);
    // Only one dataset: always that one.
    expect(composite.generate!(new Rng(5, 0), { datasets: [{ name: "path_star", weight: 2, config: { degree: 4 } }] }, 0).metadata.difficulty).toMatchObject({ degree: 4 });
  });
  test("an invalid config is refused, naming the field", () => {
    rejects("composite", {}, "datasets");
    rejects("composite", { datasets: [] }, "datasets");
    rejects("composite", { datasets: [{ name: "path_star", weight: 0 }] }, "weight");
    rejects("composite", { datasets: [{ name: "path_star" }, { name: "path_star" }] }, "twice");
    rejects("composite", { datasets: [{ name: "composite" }] }, "composite");
    rejects("composite", { datasets: [{ name: "codeio" }] }, "codeio");
    rejects("composite", { datasets: [{ name: "path_star", config: [] }] }, "config");
  });
});
