// grl_sokoban's emulator skill, played through the environment's own rules: the right path solves
// every bundled level within its max_steps by a shortest solution (so every generated level it
// meets is solvable, as built), the wrong path never does and only loses step penalties.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import type { Turn } from "../../../../gpu_gateway/emulator/messages.ts";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";
import { DIRECTIONS, move, moveReward, render, solved } from "../../../../workers/resources/grl_sokoban/board.ts";
import type { Direction } from "../../../../workers/resources/grl_sokoban/board.ts";
import { generateLevel } from "../../../../workers/resources/grl_sokoban/level.ts";

const rows = readFileSync(new URL("../../../../workers/resources/grl_sokoban/data/example.jsonl", import.meta.url), "utf8").trim().split("\n").map((l) => JSON.parse(l));

function episode(seed: number, [rows, cols]: [number, number], boxes: number, maxSteps: number, correct: boolean) {
  let board = generateLevel(seed, { rows, cols, boxes })!;
  const turns: Turn[] = [{ role: "user", content: `Sokoban board:\n${render(board)}\n\nLegend: ...` }];
  let total = 0;
  for (let steps = 1; steps <= maxSteps; steps++) {
    const reply = play({ turns, tools: [], correct }, "grl_sokoban").content ?? "";
    const direction = /<action>(\w+)<\/action>/.exec(reply)?.[1] as Direction;
    expect(DIRECTIONS).toContain(direction);
    const next = move(board, direction).board;
    total += moveReward(board, next);
    board = next;
    if (solved(board)) return { solved: true, steps, total };
    turns.push({ role: "assistant", content: reply }, { role: "user", content: `Sokoban board:\n${render(board)}\n\nLegend: ...` });
  }
  return { solved: false, steps: maxSteps, total };
}

describe("emulator: grl_sokoban", () => {
  test.each(rows.map((row) => [row.level_id, row]))("level %d: solved on the right path, never on the wrong one", (_id, row) => {
    const right = episode(row.seed, row.dim_room, row.num_boxes, row.max_steps, true);
    expect(right.solved).toBe(true);
    // Every push onto a target earns 1, the last one 10 more; every move costs 0.1.
    expect(right.total).toBeCloseTo(10 + row.num_boxes - 0.1 * right.steps);
    const wrong = episode(row.seed, row.dim_room, row.num_boxes, row.max_steps, false);
    expect(wrong).toMatchObject({ solved: false, steps: row.max_steps });
    expect(wrong.total).toBeCloseTo(-0.1 * row.max_steps);
  });

  test("rooms that are not square, as NeMo Gym's rows have them ([6, 7], [6, 4]), are solved", () => {
    for (const [seed, dims] of [[89987, [6, 7]], [78785, [6, 4]], [1, [4, 6]], [5, [3, 7]]] as const) {
      expect(episode(seed, [...dims], 1, 20, true).solved, `seed ${seed}`).toBe(true);
    }
  });

  test("generated levels are solvable: the search solves 100 of them", () => {
    for (let seed = 1; seed <= 100; seed++) {
      const dims: [number, number] = [5 + (seed % 4), 5 + ((seed >> 2) % 4)];
      if (!generateLevel(seed, { rows: dims[0], cols: dims[1], boxes: 1 + (seed % 2) })) continue;
      expect(episode(seed, dims, 1 + (seed % 2), 60, true).solved, `seed ${seed}`).toBe(true);
    }
  });
});
