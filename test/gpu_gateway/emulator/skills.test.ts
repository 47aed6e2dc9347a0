// The emulator's skill registry: one skill per bundled environment, found by the environment's
// name alone, so the same prompt is played differently under different environments.
import { existsSync, readdirSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { play } from "../../../gpu_gateway/emulator/policy/index.ts";
import { ENVIRONMENTS_WITH_SKILLS } from "../../../gpu_gateway/emulator/policy/registry.ts";

const RESOURCES = new URL("../../../workers/resources/", import.meta.url);
const bundled = readdirSync(RESOURCES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(new URL(`${entry.name}/index.ts`, RESOURCES)))
  .map((entry) => entry.name)
  .sort();

const multipleChoice = { turns: [{ role: "user" as const, content: "What is 27 + 58?\nA: 75\nB: 95\nC: 85\nD: 86\n\nEnd with 'Answer: X'." }], tools: [], correct: true };

describe("emulator: skills by environment", () => {
  test("every bundled environment has a skill, and every skill is a bundled environment's", () => {
    expect(ENVIRONMENTS_WITH_SKILLS).toEqual(bundled);
  });

  test("a multiple-choice prompt is played as multiple choice only under mcqa and gpqa_diamond (mcqa's rows)", () => {
    expect(play(multipleChoice, "mcqa").content).toMatch(/Answer: C$/);
    for (const environment of bundled.filter((name) => name !== "mcqa" && name !== "gpqa_diamond")) {
      expect(play(multipleChoice, environment).content ?? "", environment).not.toMatch(/which is option C/);
    }
  });

  test("a call that names no environment, or one without a skill, gets the generic skill", () => {
    expect(play(multipleChoice).content).toBe("I don't know.");
    expect(play(multipleChoice, "not_bundled").content).toBe("I don't know.");
  });
});
