// A memory cap for a whole run or session (every process in it, and its tmpfs files), where the
// host lets root make memory cgroups: cgroup v1's memory controller, or v2 with memory enabled.
// Without them the only cap is RLIMIT_AS, per process; /health says which one holds.
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const V1 = "/sys/fs/cgroup/memory";
const V2 = "/sys/fs/cgroup";
const GROUP = "edge-gym-sandbox";

export interface MemoryGroup {
  /** The file a process writes its pid to, to enter the group (its children follow). */
  procs: string;
  /** Whether the kernel killed a process of the group for memory. */
  oomKilled(): boolean;
  /** Removes the group once its processes are gone (retries briefly while they die). */
  remove(): Promise<void>;
}

interface Layout {
  base: string;
  limitFile: string;
  /** The file whose `oom_kill N` line counts the group's memory kills. */
  eventsFile: string;
}

function probe(): Layout | undefined {
  const candidates: Layout[] = [
    { base: join(V1, GROUP), limitFile: "memory.limit_in_bytes", eventsFile: "memory.oom_control" },
    { base: join(V2, GROUP), limitFile: "memory.max", eventsFile: "memory.events" },
  ];
  for (const layout of candidates) {
    try {
      if (layout.base.startsWith(V1) && !existsSync(V1)) continue;
      if (!layout.base.startsWith(V1) && !readFileSync(join(V2, "cgroup.controllers"), "utf8").includes("memory")) continue;
      mkdirSync(layout.base, { recursive: true });
      // v2 hands the memory controller down to the groups made below ours.
      if (!layout.base.startsWith(V1)) writeFileSync(join(layout.base, "cgroup.subtree_control"), "+memory");
      const trial = join(layout.base, "probe");
      mkdirSync(trial, { recursive: true });
      const works = existsSync(join(trial, layout.limitFile));
      rmdirSync(trial);
      if (works) return layout;
    } catch {
      // Not this one.
    }
  }
  return undefined;
}

const oomKills = (text: string) => Number(/^oom_kill (\d+)$/m.exec(text)?.[1] ?? 0);

export class MemoryGroups {
  private readonly layout: Layout;
  private next = 0;

  private constructor(layout: Layout) {
    this.layout = layout;
  }

  /** Undefined when this host gives no memory cgroups. */
  static probe(): MemoryGroups | undefined {
    const layout = probe();
    return layout && new MemoryGroups(layout);
  }

  create(bytes: number): MemoryGroup {
    const dir = join(this.layout.base, `${process.pid}-${this.next++}`);
    mkdirSync(dir);
    writeFileSync(join(dir, this.layout.limitFile), String(bytes));
    const events = join(dir, this.layout.eventsFile);
    return {
      procs: join(dir, "cgroup.procs"),
      oomKilled: () => {
        try {
          return oomKills(readFileSync(events, "utf8")) > 0;
        } catch {
          return false;
        }
      },
      remove: async () => {
        for (let attempt = 0; attempt < 50; attempt++) {
          try {
            rmdirSync(dir);
            return;
          } catch {
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        }
      },
    };
  }
}
