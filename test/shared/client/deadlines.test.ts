// One timer for a rollout's hops: each call still fails at its own deadline, and the calls that
// follow one another share the timer their first one armed.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { Deadlines } from "../../../shared/client/deadlines.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const late = (name: string) => () => new Error(`${name} was late`);
const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe("deadlines", () => {
  test("a call that settles in time settles as it did; one past its own deadline fails with its error", async () => {
    const deadlines = new Deadlines();
    const inTime = deadlines.race(after(50, "ok"), 100, late("a"));
    const slow = deadlines.race(after(500, "too late"), 100, late("b")).then((v) => v, (e: Error) => e.message);
    const failing = deadlines.race(Promise.reject(new Error("its own failure")), 100, late("c")).catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(100);
    expect(await inTime).toBe("ok");
    expect(await slow).toBe("b was late");
    expect(await failing).toBe("its own failure");
  });

  test("calls one after another, each due later, share the timer the first one armed", async () => {
    const timers = vi.spyOn(globalThis, "setTimeout");
    const deadlines = new Deadlines();
    for (let i = 0; i < 5; i++) {
      const call = deadlines.race(after(10, i), 120_000, late(`call ${i}`));
      await vi.advanceTimersByTimeAsync(10);
      expect(await call).toBe(i);
    }
    // The work's own timers aside (10 ms each), one timer: the first call's, kept for the others.
    expect(timers.mock.calls.filter(([, ms]) => ms !== 10)).toHaveLength(1);
  });

  test("a later call due earlier re-arms for its deadline; the first call's is still kept", async () => {
    const deadlines = new Deadlines();
    const long = deadlines.race(new Promise<never>(() => {}), 1000, late("long")).catch((e: Error) => e.message);
    const short = deadlines.race(new Promise<never>(() => {}), 100, late("short")).catch((e: Error) => e.message);
    let settled: string[] = [];
    void Promise.all([short]).then((m) => (settled = m));
    await vi.advanceTimersByTimeAsync(100);
    expect(settled).toEqual(["short was late"]);
    await vi.advanceTimersByTimeAsync(900);
    expect(await long).toBe("long was late");
  });

  test("dispose stops the timer: nothing fires after the rollout is over", async () => {
    const deadlines = new Deadlines();
    await deadlines.race(Promise.resolve(1), 1000, late("x"));
    deadlines.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });
});
