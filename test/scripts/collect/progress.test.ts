// The progress line's mean reward is over this run's successful rollouts: "-" while there are none,
// never a mean of 0 that no rollout earned.
import { afterEach, describe, expect, test, vi } from "vitest";
import { ProgressBar, formatMean } from "../../../scripts/collect/progress.ts";
import type { ProgressState } from "../../../scripts/collect/progress.ts";

/** The line a bar in `state` draws when it stops. */
function lastLine(state: ProgressState): string {
  const written: string[] = [];
  vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  new ProgressBar("test", state).stop();
  return written.join("").replace(/\r\x1b\[2K/g, "").trim();
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("progress", () => {
  test("mean reward is '-' when no rollout succeeded, resumed ones aside", () => {
    expect(lastLine({ done: 5, resumed: 3, total: 5, failed: 2, rewardSum: 0 })).toMatch(/ 5\/5 .* mean reward - failed 2$/);
  });

  test("mean reward over this run's successful rollouts", () => {
    expect(lastLine({ done: 4, resumed: 1, total: 6, failed: 1, rewardSum: 1 })).toMatch(/ 4\/6 .* mean reward 0\.500 failed 1$/);
    expect(formatMean(0)).toBe("0.000");
    expect(formatMean(null)).toBe("-");
  });
});
