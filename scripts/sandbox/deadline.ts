// A run's or a cell's wall limit, counted in its own time: time its program was ready to run but
// waited for a CPU (other runs' or the host's work: cpu_wait.ts) is not its own, and is added back,
// up to as much again as the limit. The CPU time all of the run's processes used is its own
// whatever else they waited for, so a run whose own processes keep its program waiting (a fork
// bomb) gets nothing back. So a busy machine does not time out code that would have finished, and
// no run holds its slot longer than twice its limit (slow runs would otherwise keep the others
// waiting for slots the longer, the busier the machine).

/** The run's counters, in milliseconds since some start. */
export interface RunClock {
  /** How long its program has waited for a CPU. */
  waitedMs(): number;
  /** CPU time all its processes have used (0 where not counted). */
  usedMs(): number;
}

export interface OwnTimeDeadline {
  /** Own time since the start; `waitedMs`: a final figure of the program's wait, once it has ended. */
  ownMs(waitedMs?: number): number;
  cancel(): void;
}

/** Calls `expired` once `wallMs` of the run's own time have passed. */
export function ownTimeDeadline(wallMs: number, clock: RunClock, expired: () => void): OwnTimeDeadline {
  const started = performance.now();
  const waitedBefore = clock.waitedMs();
  const usedBefore = clock.usedMs();
  const own = (waited = clock.waitedMs()) => {
    const elapsed = performance.now() - started;
    return Math.max(elapsed - Math.min(wallMs, waited - waitedBefore), Math.min(elapsed, clock.usedMs() - usedBefore));
  };
  let timer: ReturnType<typeof setTimeout>;
  const check = () => {
    const left = wallMs - own();
    if (left <= 0) expired();
    else timer = setTimeout(check, left);
  };
  timer = setTimeout(check, wallMs);
  return { ownMs: (waited) => Math.round(own(waited)), cancel: () => clearTimeout(timer) };
}
