// The rule of a run's own time (deadline.ts), on a fake clock: time its program waited for a CPU is
// given back up to the limit once more; the CPU its processes used always counts; a run stopped by
// that cap before its own time reached the limit was starved, not timed out.
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { ownTimeDeadline, patienceFor } from "../../../scripts/sandbox/deadline.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A run whose program waits `waitShare` of the time and whose processes use `useShare` CPUs. */
function run(wallMs: number, waitShare: number, useShare: number, patience?: number) {
  const start = performance.now();
  const elapsed = () => performance.now() - start;
  let expiredAt: number | undefined;
  let starved: boolean | undefined;
  const deadline = ownTimeDeadline(wallMs, { waitedMs: () => elapsed() * waitShare, usedMs: () => elapsed() * useShare }, (byTheMachine) => {
    expiredAt = elapsed();
    starved = byTheMachine;
  }, patience);
  return { deadline, expiredAt: () => expiredAt, starved: () => starved };
}

test("a program that never waits ends at its limit, timed out", () => {
  const { expiredAt, starved } = run(1000, 0, 1);
  vi.advanceTimersByTime(999);
  expect(expiredAt()).toBeUndefined();
  vi.advanceTimersByTime(10);
  expect(expiredAt()).toBeCloseTo(1000, -1);
  expect(starved()).toBe(false);
});

test("waiting for a CPU half the time: twice the wall time, and its own time is what it ran", () => {
  const { deadline, expiredAt, starved } = run(1000, 0.5, 0.5);
  vi.advanceTimersByTime(1500);
  expect(expiredAt()).toBeUndefined();
  expect(deadline.ownMs()).toBe(750);
  vi.advanceTimersByTime(600);
  expect(expiredAt()).toBeCloseTo(2000, -1);
  expect(starved()).toBe(false);
});

test("waiting more: no more than twice the limit in all, and stopped there it was starved, not timed out", () => {
  const { expiredAt, starved } = run(1000, 0.9, 0.1);
  vi.advanceTimersByTime(2100);
  expect(expiredAt()).toBeCloseTo(2000, -1);
  expect(starved()).toBe(true);
});

test("a program kept waiting by its own busy processes gets nothing back", () => {
  // It waits 90% of the time, while its processes use a whole CPU.
  const { expiredAt, starved } = run(1000, 0.9, 1);
  vi.advanceTimersByTime(1010);
  expect(expiredAt()).toBeCloseTo(1000, -1);
  expect(starved()).toBe(false);
});

test("a final figure of the wait, given once the program has ended, is the one counted", () => {
  const { deadline } = run(1000, 0, 0);
  vi.advanceTimersByTime(800);
  expect(deadline.ownMs(600)).toBe(200);
  deadline.cancel();
});

test("with more patience, a program kept waiting 80% of the time by other runs ends at 5 times its limit, timed out", () => {
  const { expiredAt, starved } = run(1000, 0.8, 0.2, 8);
  vi.advanceTimersByTime(4900);
  expect(expiredAt()).toBeUndefined();
  vi.advanceTimersByTime(200);
  expect(expiredAt()).toBeCloseTo(5000, -1);
  expect(starved()).toBe(false);
});

test("patience allows for every slot busy at once, twice over, and is never under 1", () => {
  expect(patienceFor(16, 2)).toBe(16);
  expect(patienceFor(4, 8)).toBe(1);
});

test("time a hypervisor stole from the machine's CPUs is given back like time spent waiting", () => {
  const start = performance.now();
  const elapsed = () => performance.now() - start;
  let expiredAt: number | undefined;
  // The program runs half the time; the other half its CPU is stolen (no run_delay counts it).
  ownTimeDeadline(1000, { waitedMs: () => 0, usedMs: () => elapsed() * 0.5, stolenMs: () => elapsed() * 0.5 }, () => (expiredAt = elapsed()), 8);
  vi.advanceTimersByTime(1900);
  expect(expiredAt).toBeUndefined();
  vi.advanceTimersByTime(200);
  expect(expiredAt).toBeCloseTo(2000, -1);
});
