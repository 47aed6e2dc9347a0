// How long a run's program has waited for a CPU while it was ready to run: the kernel's run_delay
// of its process (/proc/<pid>/schedstat, exact and per task), which deadline.ts does not count as
// the run's own time. From the host, the program is init.py's child, and init.py the child of the
// process the sandbox spawned (unshare --fork); each is a single exec chain, so one child each.
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";

function childOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const first = Number(readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(" ")[0]);
    return first > 0 ? first : undefined;
  } catch {
    return undefined;
  }
}

/** Milliseconds the program under `spawned` has waited for a CPU so far (its last figure once it is gone). */
export function programCpuWait(spawned: number): () => number {
  const program = childOf(childOf(spawned));
  let last = 0;
  return () => {
    if (program === undefined) return last;
    try {
      last = Number(readFileSync(`/proc/${program}/schedstat`, "utf8").split(" ")[1]) / 1e6;
    } catch {
      // It has ended: its wait ended with it.
    }
    return last;
  };
}

// /proc/stat counts in USER_HZ ticks, 100 a second on every Linux architecture Node runs on.
const MS_PER_TICK = 10;

/**
 * Milliseconds the hypervisor has taken this machine's CPUs so far, per CPU on average (/proc/stat's
 * steal). A program on a CPU whose time is stolen neither runs nor waits in the run queue, so its
 * run_delay misses that time; on a crowded host it can be most of the wall clock. 0 where not counted.
 */
export function stolenPerCpuMs(): number {
  try {
    const total = readFileSync("/proc/stat", "utf8").slice(0, 200).split("\n")[0]!.trim().split(/\s+/);
    const steal = Number(total[8] ?? 0);
    return Number.isFinite(steal) ? (steal * MS_PER_TICK) / availableParallelism() : 0;
  } catch {
    return 0;
  }
}
