// How long a run's program has waited for a CPU while it was ready to run: the kernel's run_delay
// of its process (/proc/<pid>/schedstat, exact and per task), which deadline.ts does not count as
// the run's own time. From the host, the program is init.py's child, and init.py the child of the
// process the sandbox spawned (unshare --fork); each is a single exec chain, so one child each.
import { readFileSync } from "node:fs";

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
