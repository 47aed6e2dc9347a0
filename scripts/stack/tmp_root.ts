// A local stack's temporary files in a directory of its own. Miniflare keeps a stack's runtime
// files, and all its storage when not persisted (every Durable Object's SQLite, KV), in a
// `miniflare-<random>` directory of the OS temp folder, removed on a clean exit only: a killed
// stack (kill -9) leaves it behind, and nothing in it says whose it was or whether it is in use.
// So Miniflare's directory goes inside ours, named after our process, and every start removes
// those whose process is gone, and ends their runtime if it outlived them.
import { mkdtempSync, readdirSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { workerdOpenFiles } from "./open_files.ts";

const PREFIX = "edge-gym-stack-";
const OWNER = new RegExp(`^${PREFIX}(\\d+)-`);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as someone else.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The process of the stack whose directory `path` is (or is in), if it is one under `parent`. */
function ownerOf(path: string, parent: string): number | undefined {
  if (!path.startsWith(`${parent}/`)) return undefined;
  const owner = OWNER.exec(path.slice(parent.length + 1));
  return owner ? Number(owner[1]) : undefined;
}

const gone = (owner: number | undefined) => owner !== undefined && !alive(owner);

/**
 * The workerd processes with files open in the directory of a stack that is gone: killed, a stack
 * leaves its runtime running (nothing tells workerd its parent died), with its ports, its memory
 * and the disk space of its storage, deleted or not. Read from /proc: none are found elsewhere.
 */
function orphanedRuntimes(parent: string): number[] {
  // Open files are listed by their real path.
  const real = realpathSync(parent);
  const open = workerdOpenFiles() ?? new Map<number, string[]>();
  return [...open].filter(([, files]) => files.some((file) => gone(ownerOf(file, real)))).map(([pid]) => pid);
}

/**
 * Ends the runtimes of stacks whose process is gone and removes their directories under `parent`;
 * returns the directories. A pid taken again by an unrelated process keeps its directory until
 * that one ends too.
 */
export function sweepStaleRoots(parent = tmpdir()): string[] {
  for (const pid of orphanedRuntimes(parent)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  const stale = readdirSync(parent)
    .map((name) => join(parent, name))
    .filter((path) => gone(ownerOf(path, parent)));
  for (const path of stale) rmSync(path, { recursive: true, force: true });
  return stale;
}

export interface TmpRoot {
  path: string;
  remove(): void;
}

/** Sweeps the stale directories, then makes this process's own. */
export function claimTmpRoot(parent = tmpdir()): TmpRoot {
  sweepStaleRoots(parent);
  const path = mkdtempSync(join(parent, `${PREFIX}${process.pid}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/**
 * `make()` with the OS temp folder set to `root`. Miniflare has no option for its directory: it
 * takes os.tmpdir() once, while it is constructed, so pointing TMPDIR there for that call is enough.
 */
export function withTmpdir<T>(root: string, make: () => T): T {
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = root;
  try {
    return make();
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  }
}
