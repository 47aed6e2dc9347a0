// The workerd processes of the local stack this process runs (Miniflare spawns `workerd serve` as
// its child) and what they hold, read from /proc: resident memory and open file descriptors, the
// two things a leak per rollout or per session would grow.
import { readFileSync, readdirSync } from "node:fs";

/** The workerd children of this process. */
export function workerdPids(): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        // The command name is in parentheses and may hold spaces: the fields after it are plain.
        return readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "workerd" && Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === process.pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

function statusKib(pid: number, field: string): number {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0; // ended
  }
}

const mib = (kib: number) => Number((kib / 1024).toFixed(1));

const TICKS_PER_S = 100;

/** The CPU a process has used since it started (user and system), in ms. */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are fields 14 and 15 of /proc/PID/stat (11 and 12 after the command name).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
}

/** Resident memory now, summed over `pids`, in MiB. */
export const rssMib = (pids: number[]) => mib(pids.reduce((sum, pid) => sum + statusKib(pid, "VmRSS"), 0));

/** The largest resident memory each process has had since it started, summed, in MiB. */
export const peakRssMib = (pids: number[]) => mib(pids.reduce((sum, pid) => sum + statusKib(pid, "VmHWM"), 0));

/** Open file descriptors (files, sockets, pipes), summed over `pids`. */
export function openFds(pids: number[]): number {
  return pids.reduce((sum, pid) => {
    try {
      return sum + readdirSync(`/proc/${pid}/fd`).length;
    } catch {
      return sum;
    }
  }, 0);
}
