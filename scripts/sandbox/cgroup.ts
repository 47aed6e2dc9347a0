// Control groups for each run or session, where the host lets root make them (cgroup v1's
// controllers, or v2 with them enabled). Each is optional; /health says which hold.
//   memory: a cap for the whole run (every process in it, and its tmpfs files); without it only
//     RLIMIT_AS, per process.
//   cpu: every run below one group that weighs as much as any one ordinary process group of the
//     host, so the stack's own processes (workerd, the collector) are never outweighed by how many
//     runs there are; below it each run has an equal share, so a run that forks many busy
//     processes takes no more than one that does not.
//   cpu usage (cpuacct, or v2's cpu.stat): the CPU time all of a run's processes used, the floor
//     of its own time (deadline.ts).
import { existsSync, mkdirSync, readFileSync, readdirSync, realpathSync, rmdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = "/sys/fs/cgroup";
const GROUP = "edge-gym-sandbox";

export interface RunGroup {
  /** The `cgroup.procs` files a process writes its pid to, to enter the groups (its children follow). */
  procs: string[];
  /** Whether the kernel killed a process of the group for memory. */
  oomKilled(): boolean;
  /** CPU milliseconds every process of the run used so far (0 where the host does not count them). */
  cpuUsedMs(): number;
  /** Removes the groups once their processes are gone (retries briefly while they die). */
  remove(): Promise<void>;
}

/** Where one kind of group is made, and what each run's group is given. */
interface Hierarchy {
  base: string;
  settings(memoryBytes: number): Record<string, string>;
}

interface Probed {
  memory?: Hierarchy & { eventsFile: string };
  cpu?: Hierarchy;
  usage?: Hierarchy & { usedMs(file: string): number; file: string };
}

const v1UsedMs = (file: string) => Number(readFileSync(file, "utf8")) / 1e6;
const v2UsedMs = (file: string) => Number(/^usage_usec (\d+)$/m.exec(readFileSync(file, "utf8"))?.[1] ?? 0) / 1000;

/** Removes the groups a sandbox process that is gone left behind (it exited before removing them). */
function sweep(base: string): void {
  for (const name of readdirSync(base, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)) {
    // Named `<sandbox pid>-<n>` (create below).
    const owner = Number(name.split("-")[0]);
    if (!Number.isInteger(owner) || owner <= 0 || existsSync(`/proc/${owner}`)) continue;
    try {
      rmdirSync(join(base, name));
    } catch {
      // Still holds a process: the next sandbox to start tries again.
    }
  }
}

/** `base` made, and swept; whether a trial group below it gets `file` (the controller reaches our groups). */
function usable(base: string, file: string): boolean {
  try {
    mkdirSync(base, { recursive: true });
    sweep(base);
    const trial = join(base, "probe");
    mkdirSync(trial, { recursive: true });
    const works = existsSync(join(trial, file));
    rmdirSync(trial);
    return works;
  } catch {
    return false;
  }
}

function probe(): Probed {
  const found: Probed = {};
  const none = () => ({});
  const v1Memory = join(ROOT, "memory", GROUP);
  if (existsSync(join(ROOT, "memory")) && usable(v1Memory, "memory.limit_in_bytes")) {
    found.memory = { base: v1Memory, eventsFile: "memory.oom_control", settings: (bytes) => ({ "memory.limit_in_bytes": String(bytes) }) };
  }
  const v1Cpu = join(ROOT, "cpu", GROUP);
  if (existsSync(join(ROOT, "cpu")) && usable(v1Cpu, "cpu.shares")) found.cpu = { base: v1Cpu, settings: none };
  // Often mounted with cpu (the same directory), else on its own.
  const v1Usage = join(ROOT, "cpuacct", GROUP);
  if (existsSync(join(ROOT, "cpuacct")) && usable(v1Usage, "cpuacct.usage")) found.usage = { base: v1Usage, settings: none, file: "cpuacct.usage", usedMs: v1UsedMs };
  // cgroup v2: one hierarchy, which hands a controller down only to groups it is enabled for.
  const base = join(ROOT, GROUP);
  try {
    const controllers = readFileSync(join(ROOT, "cgroup.controllers"), "utf8").trim().split(/\s+/);
    const wanted = (["memory", "cpu"] as const).filter((c) => !found[c] && controllers.includes(c));
    if (!wanted.length && found.usage) return real(found);
    mkdirSync(base, { recursive: true });
    if (wanted.length) writeFileSync(join(base, "cgroup.subtree_control"), wanted.map((c) => `+${c}`).join(" "));
  } catch {
    return real(found);
  }
  if (!found.memory && usable(base, "memory.max")) found.memory = { base, eventsFile: "memory.events", settings: (bytes) => ({ "memory.max": String(bytes) }) };
  if (!found.cpu && usable(base, "cpu.weight")) found.cpu = { base, settings: none };
  // Every v2 group counts its CPU time, the cpu controller enabled or not.
  if (!found.usage && usable(base, "cpu.stat")) found.usage = { base, settings: none, file: "cpu.stat", usedMs: v2UsedMs };
  return real(found);
}

// v1 hosts often mount cpu and cpuacct together (/sys/fs/cgroup/cpu and cpuacct both links to
// cpu,cpuacct): each base by its real path, so create() sees one directory and makes it once.
function real(found: Probed): Probed {
  for (const hierarchy of [found.memory, found.cpu, found.usage]) if (hierarchy) hierarchy.base = realpathSync(hierarchy.base);
  return found;
}

const oomKills = (text: string) => Number(/^oom_kill (\d+)$/m.exec(text)?.[1] ?? 0);

async function removeDir(dir: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      rmdirSync(dir);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

export class RunGroups {
  private readonly probed: Probed;
  private next = 0;

  private constructor(probed: Probed) {
    this.probed = probed;
  }

  static probe(): RunGroups {
    return new RunGroups(probe());
  }

  /** For /health: which of the groups' guarantees hold on this host. */
  get holds(): { memory_cap: "per-run" | "per-process"; cpu_share: "per-run" | "per-process" } {
    const { memory, cpu } = this.probed;
    return { memory_cap: memory ? "per-run" : "per-process", cpu_share: cpu ? "per-run" : "per-process" };
  }

  create(memoryBytes: number): RunGroup {
    const name = `${process.pid}-${this.next++}`;
    const { memory, cpu, usage } = this.probed;
    const dirs: string[] = [];
    for (const hierarchy of [memory, cpu, usage]) {
      if (!hierarchy) continue;
      const dir = join(hierarchy.base, name);
      // v2 has one group for all.
      if (!dirs.includes(dir)) {
        mkdirSync(dir);
        dirs.push(dir);
      }
      for (const [file, value] of Object.entries(hierarchy.settings(memoryBytes))) writeFileSync(join(dir, file), value);
    }
    const events = memory && join(memory.base, name, memory.eventsFile);
    const used = usage && join(usage.base, name, usage.file);
    return {
      cpuUsedMs: () => {
        try {
          return used ? usage.usedMs(used) : 0;
        } catch {
          return 0;
        }
      },
      procs: dirs.map((dir) => join(dir, "cgroup.procs")),
      oomKilled: () => {
        if (!events) return false;
        try {
          return oomKills(readFileSync(events, "utf8")) > 0;
        } catch {
          return false;
        }
      },
      remove: async () => {
        await Promise.all(dirs.map(removeDir));
      },
    };
  }
}
