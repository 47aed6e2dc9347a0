// arc_agi's emulator skill (ARC grids) on the bundled arc_agi rows: it finds each row's transformation from
// the prompt alone and boxes the expected grid; the wrong path boxes the test input unchanged.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";
import { answerGrid } from "../../../../workers/resources/arc_agi/grid.ts";

const rows = readFileSync(new URL("../../../../workers/resources/arc_agi/data/example.jsonl", import.meta.url), "utf8").trim().split("\n").map((l) => JSON.parse(l));
const reply = (prompt: string, correct: boolean) => play({ turns: [{ role: "user", content: prompt }], tools: [], correct }, "arc_agi").content ?? "";

const puzzle = (examples: [number[][], number[][]][], test: number[][]) =>
  `${examples.map(([i, o], n) => `Example ${n + 1}:\nInput:\n${i.map((r) => r.join(" ")).join("\n")}\n\nOutput:\n${o.map((r) => r.join(" ")).join("\n")}\n`).join("\n")}\nTest Input:\n${test.map((r) => r.join(" ")).join("\n")}\n`;

describe("emulator: ARC grids", () => {
  test.each(rows.map((row) => [row.task_id, row]))("%s: the right path boxes the expected output", (_id, row) => {
    const prompt = row.responses_create_params.input[0].content;
    expect(answerGrid(reply(prompt, true))).toEqual(row.expected_output);
    expect(answerGrid(reply(prompt, false))).toEqual(row.test_input);
  });

  test("it learns rotations, scaling and recolouring from the examples", () => {
    expect(answerGrid(reply(puzzle([[[[1, 2]], [[2, 1]]]], [[3, 4, 5]]), true))).toEqual([[5, 4, 3]]);
    expect(answerGrid(reply(puzzle([[[[1, 2], [3, 4]], [[4, 3], [2, 1]]]], [[5, 6], [7, 8]]), true))).toEqual([[8, 7], [6, 5]]);
    expect(answerGrid(reply(puzzle([[[[1]], [[1, 1, 1], [1, 1, 1], [1, 1, 1]]]], [[2, 0]]), true))).toEqual([
      [2, 2, 2, 0, 0, 0],
      [2, 2, 2, 0, 0, 0],
      [2, 2, 2, 0, 0, 0],
    ]);
    expect(answerGrid(reply(puzzle([[[[1, 5]], [[7, 5]]]], [[5, 1, 9]]), true))).toEqual([[5, 7, 9]]);
  });

  test("examples no transformation explains get no grid", () => {
    const content = reply(puzzle([[[[1, 2]], [[3]]], [[[4]], [[5, 6]]]], [[1]]), true);
    expect(content).toMatch(/could not find/);
    expect(answerGrid(content)).toBeUndefined();
  });
});
