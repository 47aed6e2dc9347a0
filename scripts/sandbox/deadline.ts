// A run's or a cell's wall limit, counted in its own time: time its program was ready to run but
// waited for a CPU (other runs' or the host's work), or lost to a hypervisor's steal (cpu_wait.ts),
// is not its own, and is added back, up to `patience` times the limit. The CPU time all of the
// run's processes used is its own
// whatever else they waited for, so a run whose own processes keep its program waiting (a fork
// bomb) gets nothing back. So a busy machine does not time out code that would have finished, and
// no run holds its slot forever (slow runs keep the others waiting for slots).
// A run stopped at that cap before its own time reached the limit was starved: not something its
// code did (patienceFor allows for every slot busy at once), so the machine's failure, never a
// timeout; an infinite loop is not starved by other runs, so it still times out and is scored.
import { availableParallelism } from "node:os";

/** The run's counters, in milliseconds since some start. */
export interface RunClock {
  /** How long its program has waited for a CPU. */
  waitedMs(): number;
  /** CPU time all its processes have used (0 where not counted). */
  usedMs(): number;
  /** Time the machine's CPUs were taken from it by a hypervisor, per CPU (cpu_wait.ts; 0 where not counted). */
  stolenMs?(): number;
}

export interface OwnTimeDeadline {
  /** Own time since the start; `waitedMs`: a final figure of the program's wait, once it has ended. */
  ownMs(waitedMs?: number): number;
  cancel(): void;
}

/**
 * How many times its limit a run may be kept waiting for a CPU: with `parallel` runs busy on
 * `cores`, each waits (parallel / cores - 1) times its own time; twice that, for the stack's own work.
 */
export function patienceFor(parallel: number, cores = availableParallelism()): number {
  return Math.max(1, (2 * parallel) / cores);
}

/** Calls `expired` once `wallMs` of the run's own time have passed; `starved` when only the cap on time given back ended it. */
export function ownTimeDeadline(wallMs: number, clock: RunClock, expired: (starved: boolean) => void, patience = 1): OwnTimeDeadline {
  const started = performance.now();
  const stolen = () => clock.stolenMs?.() ?? 0;
  const waitedBefore = clock.waitedMs();
  const usedBefore = clock.usedMs();
  const stolenBefore = stolen();
  const own = (waited = clock.waitedMs(), cap = patience * wallMs) => {
    const elapsed = performance.now() - started;
    const notOwn = waited - waitedBefore + (stolen() - stolenBefore);
    return Math.max(elapsed - Math.min(cap, notOwn), Math.min(elapsed, clock.usedMs() - usedBefore));
  };
  let timer: ReturnType<typeof setTimeout>;
  const check = () => {
    const waited = clock.waitedMs();
    const left = wallMs - own(waited);
    if (left <= 0) expired(own(waited, Infinity) < wallMs);
    else timer = setTimeout(check, left);
  };
  timer = setTimeout(check, wallMs);
  return { ownMs: (waited) => Math.round(own(waited)), cancel: () => clearTimeout(timer) };
}
