// The rule of a run's own time (deadline.ts), on a fake clock: time its program waited for a CPU is
// given back up to the limit once more; the CPU its processes used always counts.
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { ownTimeDeadline } from "../../../scripts/sandbox/deadline.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A run whose program waits `waitShare` of the time and whose processes use `useShare` CPUs. */
function run(wallMs: number, waitShare: number, useShare: number) {
  const start = performance.now();
  const elapsed = () => performance.now() - start;
  let expiredAt: number | undefined;
  const deadline = ownTimeDeadline(wallMs, { waitedMs: () => elapsed() * waitShare, usedMs: () => elapsed() * useShare }, () => (expiredAt = elapsed()));
  return { deadline, expiredAt: () => expiredAt };
}

test("a program that never waits ends at its limit", () => {
  const { expiredAt } = run(1000, 0, 1);
  vi.advanceTimersByTime(999);
  expect(expiredAt()).toBeUndefined();
  vi.advanceTimersByTime(10);
  expect(expiredAt()).toBeCloseTo(1000, -1);
});

test("waiting for a CPU half the time: twice the wall time, and its own time is what it ran", () => {
  const { deadline, expiredAt } = run(1000, 0.5, 0.5);
  vi.advanceTimersByTime(1500);
  expect(expiredAt()).toBeUndefined();
  expect(deadline.ownMs()).toBe(750);
  vi.advanceTimersByTime(600);
  expect(expiredAt()).toBeCloseTo(2000, -1);
});

test("waiting more: no more than twice the limit in all", () => {
  const { expiredAt } = run(1000, 0.9, 0.1);
  vi.advanceTimersByTime(2100);
  expect(expiredAt()).toBeCloseTo(2000, -1);
});

test("a program kept waiting by its own busy processes gets nothing back", () => {
  // It waits 90% of the time, while its processes use a whole CPU.
  const { expiredAt } = run(1000, 0.9, 1);
  vi.advanceTimersByTime(1010);
  expect(expiredAt()).toBeCloseTo(1000, -1);
});

test("a final figure of the wait, given once the program has ended, is the one counted", () => {
  const { deadline } = run(1000, 0, 0);
  vi.advanceTimersByTime(800);
  expect(deadline.ownMs(600)).toBe(200);
  deadline.cancel();
});
