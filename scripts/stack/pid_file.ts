// A running local stack's pid file, so `edge-gym stop` can end it from another terminal. One file
// per head port in a directory of this user's under the temp folder: two stacks on two ports each
// have theirs. A file is trusted only as far as it is checked: the directory must be ours, and the
// process it names alive, ours and an edge-gym one (a reused pid is some other program).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";

export const StackFile = z.object({
  pid: z.number().int().positive(),
  head_url: z.string(),
  head_port: z.number().int(),
  started_at: z.string(),
  cwd: z.string(),
});
export type StackFile = z.infer<typeof StackFile>;

/** The directory of this user's stack files (EDGE_GYM_STACKS_DIR moves it, for tests). */
export function stacksDir(): string {
  return process.env.EDGE_GYM_STACKS_DIR ?? join(tmpdir(), `edge-gym-stacks-${process.getuid?.() ?? "user"}`);
}

const fileOf = (port: number) => join(stacksDir(), `stack-${port}.json`);

export function writeStackFile(record: Omit<StackFile, "pid" | "started_at" | "cwd">): string {
  const dir = stacksDir();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = fileOf(record.head_port);
  writeFileSync(path, JSON.stringify({ pid: process.pid, started_at: new Date().toISOString(), cwd: process.cwd(), ...record }, null, 2) + "\n", { mode: 0o600 });
  return path;
}

/** Removes this process's file for the port (never another's: a newer stack may have taken the port). */
export function removeStackFile(port: number): void {
  const path = fileOf(port);
  const record = readRecord(path);
  if (record?.pid === process.pid) rmSync(path, { force: true });
}

function readRecord(path: string): StackFile | undefined {
  try {
    return StackFile.parse(JSON.parse(readFileSync(path, "utf8")));
  } catch {
    return undefined;
  }
}

/** Whether `pid` runs: a zombie (ended, not yet reaped by its parent) has ended. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    // EPERM too: that process is someone else's, never ours to stop.
    return false;
  }
  const ps = spawnSync("ps", ["-o", "stat=", "-p", String(pid)], { encoding: "utf8" });
  return ps.status === 0 && !ps.stdout.trim().startsWith("Z");
}

/** Whether `pid` runs the edge-gym CLI (its command line names the CLI's entry). */
function isEdgeGym(pid: number): boolean {
  const ps = spawnSync("ps", ["-o", "args=", "-p", String(pid)], { encoding: "utf8" });
  return ps.status === 0 && /edge-gym(\.ts|\.mjs)?\b/.test(ps.stdout);
}

/**
 * This user's running stacks. Files whose process is gone, or is not an edge-gym one, are removed
 * on the way; none are read from a directory someone else owns.
 */
export function runningStacks(): StackFile[] {
  const dir = stacksDir();
  if (!existsSync(dir)) return [];
  if (process.getuid && statSync(dir).uid !== process.getuid()) throw new Error(`${dir} belongs to another user: not reading stack files from it`);
  const out: StackFile[] = [];
  for (const name of readdirSync(dir).filter((n) => /^stack-\d+\.json$/.test(n))) {
    const path = join(dir, name);
    const record = readRecord(path);
    if (record && alive(record.pid) && isEdgeGym(record.pid)) out.push(record);
    else rmSync(path, { force: true });
  }
  return out.sort((a, b) => a.head_port - b.head_port);
}
