// The terminal pass@k table: binary rewards in percent of tasks, rewards outside 0-1 (above 1, or
// negative) as the mean best reward of k rollouts (NeMo Gym's metric value is 100 times that).
import { describe, expect, test } from "vitest";
import { passAtKTable, passAtKUnits, tableKs } from "../../../scripts/profile/table.ts";
import type { AgentProfile } from "../../../scripts/profile/profile.ts";

const binary: AgentProfile = {
  name: "mcqa",
  tasks: 5,
  rollouts: 10,
  maxRollouts: 2,
  metrics: { "mean/reward": 0.6, "max/reward": 1, "pass@1/accuracy": 60, "pass@2/accuracy": 80 },
};
const summed: AgentProfile = {
  name: "multireward",
  tasks: 5,
  rollouts: 10,
  maxRollouts: 2,
  metrics: { "mean/reward": 2.75, "max/reward": 3, "pass@1/accuracy": 275, "pass@2/accuracy": 290 },
};

describe("pass@k table", () => {
  test("binary rows in percent; rows with rewards outside 0-1 as rewards, and the footnote says which", () => {
    const lines = passAtKTable([binary, summed], "environment").split("\n");
    expect(lines[0]).toMatch(/^environment\s+tasks\s+rollouts\s+mean reward\s+pass@1\s+pass@2$/);
    expect(lines[2]).toMatch(/^mcqa\s+5\s+10\s+0\.600\s+60\.0\s+80\.0$/);
    expect(lines[3]).toMatch(/^multireward\s+5\s+10\s+2\.750\s+2\.750\s+2\.900$/);
    expect(passAtKUnits([binary, summed])).toBe("pass@k in percent of tasks; for multireward (rewards outside 0-1): the mean best reward of k rollouts.");
    expect(passAtKUnits([binary])).toBe("pass@k in percent of tasks.");
    // A penalty below 0 (openair's) makes a reward of it too, though none is above 1.
    const penalised: AgentProfile = { ...binary, name: "openair", metrics: { "mean/reward": -0.2, "max/reward": 0.5, "min/reward": -1, "pass@1/accuracy": -20, "pass@2/accuracy": 10 } };
    expect(passAtKTable([penalised]).split("\n")[2]).toMatch(/^openair\s+5\s+10\s+-0\.200\s+-0\.200\s+0\.100$/);
    expect(passAtKUnits([penalised])).toContain("for openair (rewards outside 0-1)");
  });

  // The metrics files hold every k; the table a readable subset that always ends at n.
  test("columns: the powers of two below n, and n", () => {
    expect(tableKs(1)).toEqual([1]);
    expect(tableKs(3)).toEqual([1, 2, 3]);
    expect(tableKs(5)).toEqual([1, 2, 4, 5]);
    expect(tableKs(6)).toEqual([1, 2, 4, 6]);
    expect(tableKs(16)).toEqual([1, 2, 4, 8, 16]);
  });
});
