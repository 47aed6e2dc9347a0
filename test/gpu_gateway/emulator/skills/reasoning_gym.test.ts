// reasoning_gym's emulator skill: knights and knaves puzzles are solved from the prompt (the
// bundled rows, and puzzles written here in other wordings and shapes), scored by the server's own
// family; the wrong path flips one islander; the answer goes in <answer> tags or \boxed{}. Tasks
// of the families it reads (policy/reasoning_tasks.ts) are made by each family's own generator,
// prompted as the server prompts them, and scored by the family's own scorer.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import type { Turn } from "../../../../gpu_gateway/emulator/messages.ts";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";
import { SOLVERS } from "../../../../gpu_gateway/emulator/policy/reasoning_tasks.ts";
import { extractAnswer } from "../../../../workers/resources/reasoning_gym/extract.ts";
import { FAMILIES } from "../../../../workers/resources/reasoning_gym/families/index.ts";
import knightsKnaves from "../../../../workers/resources/reasoning_gym/families/logic/knights_knaves.ts";
import { Rng } from "../../../../workers/resources/reasoning_gym/families/rng.ts";
import { promptOf } from "../../../../workers/resources/reasoning_gym/tasks.ts";

const rows = readFileSync(new URL("../../../../workers/resources/reasoning_gym/data/example.jsonl", import.meta.url), "utf8").trim().split("\n").map((l) => JSON.parse(l));

const reply = (prompt: string, correct: boolean) => play({ turns: [{ role: "user", content: prompt }] as Turn[], tools: [], correct }, "reasoning_gym");
const answerOf = (content: string) => extractAnswer([{ type: "message", role: "assistant", id: "m", status: "completed", content: [{ type: "output_text", text: content, annotations: [] }] }]);
const score = (prompt: string, answer: string, correct: boolean) => knightsKnaves.score(answerOf(reply(prompt, correct).content!), { question: prompt, answer, metadata: { source_dataset: "knights_knaves" } });

const ISLAND = "A very special island is inhabited only by heros and villains. Heros always tell the truth, and villains always lie. ";

describe("emulator: reasoning_gym", () => {
  test.each(rows.map((row, i) => [i, row]))("row %i: right path scores 1, wrong path less", (_i, row) => {
    expect(score(row.question, row.answer, true)).toBe(1);
    expect(score(row.question, row.answer, false)).toBeLessThan(1);
  });

  test("three islanders, nested statements, quoted and reported, in any order of speaking", () => {
    // Ann: a hero. Bob: "Ann is a villain" (false: a villain). Cid: "if Bob is a hero then Ann is a villain" (true: a hero).
    const prompt =
      ISLAND +
      'You meet 3 inhabitants: Ann, Bob, and Cid. "Cid is a hero and (it is not the case that (Bob is a hero or Bob is a hero))," Ann declared. ' +
      "Bob said that Ann is a villain. " +
      'In Cid\'s words: "if Bob is a hero then Ann is a villain". So who is a hero and who is a villain?';
    const answer = "Ann is a hero, Bob is a villain, and Cid is a hero.";
    expect(answerOf(reply(prompt, true).content!)).toBe(answer);
    expect(score(prompt, answer, false)).toBeCloseTo(0.3 + (0.7 * 2) / 3, 12);
  });

  test("short tasks the other skills know are answered in tags; what it cannot read is declined", () => {
    const prompt = "What is 27 + 58? Give the answer in tags.";
    expect(answerOf(reply(prompt, true).content!)).toBe("85");
    expect(answerOf(reply(prompt, false).content!)).not.toBe("85");
    expect(reply("Colour this graph with three colours so no edge joins two vertices of one colour.", true).declined).toBe(true);
  });

  test("some answers are boxed, some tagged", () => {
    const forms = rows.map((row) => (reply(row.question, true).content!.includes("\\boxed{") ? "boxed" : "tags"));
    expect(new Set([...forms, ...[0, 1, 2].map((n) => (reply(`What is ${n} + 1?${" ".repeat(n)}`, true).content!.includes("\\boxed{") ? "boxed" : "tags"))])).toEqual(new Set(["boxed", "tags"]));
  });

  const generated = (family: string, index: number) => {
    const entry = FAMILIES.get(family)!.generate!(new Rng(0, index), {}, index);
    return { entry, prompt: promptOf(entry)[0]!.content as string };
  };

  describe.each(Object.keys(SOLVERS))("generated %s tasks", (family) => {
    test("20 tasks: the right path scores 1.0 with the family's scorer, the wrong path less", () => {
      for (let index = 0; index < 20; index++) {
        const { entry, prompt } = generated(family, index);
        const scored = (correct: boolean) => FAMILIES.get(family)!.score(answerOf(reply(prompt, correct).content!), entry);
        expect(scored(true), `${family} #${index}`).toBe(1);
        expect(scored(false), `${family} #${index}`).toBeLessThan(1);
      }
    });
  });

  test("solvers span at least four categories, and generated tasks of other families are declined, not misread", () => {
    expect(new Set(Object.keys(SOLVERS).map((family) => FAMILIES.get(family)!.category)).size).toBeGreaterThanOrEqual(4);
    for (const family of ["decimal_arithmetic", "complex_arithmetic", "fraction_simplification", "rubiks_cube", "syllogism", "jugs"]) {
      for (let index = 0; index < 3; index++) expect(reply(generated(family, index).prompt, true).declined, `${family} #${index}`).toBe(true);
    }
  });

  test("generated tasks are answered in both forms", () => {
    const forms = Object.keys(SOLVERS).map((family) => (reply(generated(family, 0).prompt, true).content!.includes("\\boxed{") ? "boxed" : "tags"));
    expect(new Set(forms)).toEqual(new Set(["boxed", "tags"]));
  });
});
