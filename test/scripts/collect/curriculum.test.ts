import { describe, expect, test } from "vitest";
import { Curriculum } from "../../../scripts/collect/curriculum.ts";

const curriculum = (start = 0, levels = 3) => new Curriculum({ start, levels, lastK: 4, successThreshold: 0.7, failureThreshold: 0.3 });

describe("collect --curriculum: the level moves with the last k rewards at the current level", () => {
  test("up at or above the success threshold, one level, the window starting afresh", () => {
    const c = curriculum();
    for (const r of [1, 1, 0]) c.record(0, r);
    expect(c.level).toBe(0);
    c.record(0, 0.8); // mean 0.7: up
    expect(c.level).toBe(1);
    for (const r of [1, 1, 1]) c.record(1, r);
    expect(c.level).toBe(1);
    c.record(1, 1);
    expect(c.level).toBe(2);
    // At the last level it stays, however well it goes.
    for (let i = 0; i < 8; i++) c.record(2, 1);
    expect(c.level).toBe(2);
    expect(c.moves.map(({ from, to }) => [from, to])).toEqual([[0, 1], [1, 2]]);
  });

  test("down at or below the failure threshold, never under 0; in between it stays (a sliding window)", () => {
    const c = curriculum(1);
    for (const r of [0.5, 0.5, 0.5, 0.5, 0.5]) c.record(1, r);
    expect(c.level).toBe(1);
    for (const r of [0, 0, 0.2]) c.record(1, r);
    // The last 4: 0.5, 0, 0, 0.2 -> 0.175: down.
    expect(c.level).toBe(0);
    for (let i = 0; i < 8; i++) c.record(0, 0);
    expect(c.level).toBe(0);
  });

  test("rollouts run at another level do not count", () => {
    const c = curriculum();
    for (let i = 0; i < 10; i++) c.record(1, 1);
    for (let i = 0; i < 10; i++) c.record(undefined, 1);
    expect(c.level).toBe(0);
  });

  test.each([
    [{ start: 3, levels: 3 }, "--level expects an integer from 0 to 2, got 3"],
    [{ levels: 0 }, "no difficulty levels"],
    [{ lastK: 0 }, "--curriculum-last-k expects a positive integer"],
    [{ successThreshold: 0.3, failureThreshold: 0.3 }, "must be below --success-threshold"],
  ])("bad settings are refused: %j", (settings, message) => {
    expect(() => new Curriculum({ start: 0, levels: 3, lastK: 4, successThreshold: 0.7, failureThreshold: 0.3, ...settings })).toThrow(message);
  });
});
