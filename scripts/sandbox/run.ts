// Runs one request: a private workspace with its files, the isolated command, a wall-clock deadline
// that kills the whole namespace, capped output, and the result. The temp dir is removed after.
// A request waits for a free uid (a slot) at most `queueTimeoutMs`, then is refused as SandboxBusy
// (nothing ran: safe to retry). Its wall clock starts when init.py has started its program, so
// neither that wait nor building its namespace counts against it, nor does time it waited for a CPU
// (deadline.ts). A request whose caller went away leaves the queue, or is killed if running.
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { DEFAULT_PYTHON_ENTRY, type RunRequest, type RunResult } from "../../shared/sandbox/schema.ts";
import { CappedCapture } from "./capture.ts";
import type { RunGroup, RunGroups } from "./cgroup.ts";
import { programCpuWait, stolenPerCpuMs } from "./cpu_wait.ts";
import { ownTimeDeadline, type OwnTimeDeadline } from "./deadline.ts";
import { type Ended, SETUP_TIMEOUT_MS, watchInit } from "./init_channel.ts";
import { DatabaseMissing, findDatabase } from "./databases.ts";
import type { DatabaseFolders } from "./databases.ts";
import { isolatedCommand } from "./isolation.ts";
import type { Python } from "./python.ts";
import type { UidPool } from "./uid_pool.ts";
import { makeWorkspace } from "./workspace.ts";

/** The sandbox itself failed (not the program): a server error, never a RunResult. */
export class SandboxError extends Error {}

/** No slot came free in time: the run never started (a 503 the caller may retry). */
export class SandboxBusy extends Error {}

/** The machine kept the program waiting for a CPU past the cap (deadline.ts): a 503, never the program's timeout. */
export class SandboxStarved extends Error {
  constructor(wallS: number, patience: number) {
    super(`the machine was too busy: the program waited for a CPU over ${Math.round(patience * wallS)} s and ran less than its ${wallS} s limit, so it was stopped; not the program's failure`);
  }
}

const SIGNAL_NAMES = new Map(Object.entries(constants.signals).map(([name, n]) => [n, name]));
// Allocation failures under RLIMIT_AS: Python raises MemoryError; native code mostly aborts or
// dereferences the NULL malloc returned.
const OOM_TEXT = /\bMemoryError\b|Cannot allocate memory|std::bad_alloc|out of memory/;
const OOM_SIGNALS = new Set(["SIGSEGV", "SIGABRT", "SIGBUS"]);

function program(python: Python, request: RunRequest): string[] {
  return request.command ?? [python.executable, request.entry ?? DEFAULT_PYTHON_ENTRY];
}

export interface Slots {
  uids: UidPool;
  /** How long a request may wait for a free uid. */
  queueTimeoutMs: number;
  /** How many times its limit a run may wait for a CPU (deadline.ts). */
  patience: number;
  /** The folders of databases a run may name. */
  databases: DatabaseFolders;
}

/** The database file a request names, or DatabaseMissing. */
function databaseOf(databases: DatabaseFolders, request: RunRequest): string | undefined {
  if (!request.database) return undefined;
  const { folder, id } = request.database;
  const found = databases.get(folder);
  if (!found) throw new DatabaseMissing(`this sandbox has no folder of databases ${JSON.stringify(folder)}, so no database "${id}" (it has: ${[...databases.keys()].join(", ") || "none"})`);
  return findDatabase(found, id);
}

/** `abandoned`: the caller went away; its run is dropped from the queue, or killed. */
export async function runIsolated(python: Python, slots: Slots, request: RunRequest, groups: RunGroups | undefined, abandoned: AbortSignal): Promise<RunResult> {
  const { uids, queueTimeoutMs } = slots;
  // Before a slot is taken: a run without its database never starts.
  const database = databaseOf(slots.databases, request);
  const uid = await uids.acquire(AbortSignal.any([abandoned, AbortSignal.timeout(queueTimeoutMs)])).catch((err: unknown) => {
    throw abandoned.aborted ? err : new SandboxBusy(`no free slot within ${queueTimeoutMs / 1000} s: every one of the sandbox's runs is busy`);
  });
  let workspace;
  let group;
  try {
    workspace = await makeWorkspace(request.files);
    group = groups?.create(request.limits.memory_mb * 1024 * 1024);
    const argv = isolatedCommand(python, { ...workspace, uid, limits: request.limits, program: program(python, request), groups: group?.procs ?? [], database });
    const result = await execute(argv, request, abandoned, group, slots.patience);
    return group?.oomKilled() ? { ...result, out_of_memory: true } : result;
  } finally {
    await group?.remove();
    uids.release(uid);
    await workspace?.remove();
  }
}

function execute(argv: string[], request: RunRequest, abandoned: AbortSignal, group: RunGroup | undefined, patience: number): Promise<RunResult> {
  const { limits } = request;
  // Its own process group, so the deadline can kill unshare and everything it started at once.
  const child = spawn(argv[0]!, argv.slice(1), { detached: true, env: {}, stdio: ["pipe", "pipe", "pipe", "pipe"] });
  const stdout = new CappedCapture(limits.output_bytes);
  const stderr = new CappedCapture(limits.output_bytes);
  child.stdout!.on("data", (c: Buffer) => stdout.push(c));
  child.stderr!.on("data", (c: Buffer) => stderr.push(c));
  // The program may exit without reading its stdin.
  child.stdin!.on("error", () => {});
  child.stdin!.end(request.stdin);

  const kill = () => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // It ended on its own at the same moment.
    }
  };
  let timedOut = false;
  let starved = false;
  let deadline: OwnTimeDeadline | undefined;
  const setup = setTimeout(kill, SETUP_TIMEOUT_MS);
  const init = watchInit(child.stdio[3] as NodeJS.ReadableStream, () => {
    clearTimeout(setup);
    deadline = ownTimeDeadline(limits.wall_s * 1000, { waitedMs: programCpuWait(child.pid!), usedMs: () => group?.cpuUsedMs() ?? 0, stolenMs: stolenPerCpuMs }, (byTheMachine) => {
      if (byTheMachine) starved = true;
      else timedOut = true;
      kill();
    }, patience);
  });
  abandoned.addEventListener("abort", kill, { once: true });
  if (abandoned.aborted) kill();
  const stop = () => {
    clearTimeout(setup);
    deadline?.cancel();
    abandoned.removeEventListener("abort", kill);
  };

  return new Promise((resolve, reject) => {
    child.once("error", (err) => {
      stop();
      reject(new SandboxError(`cannot start the sandbox: ${err.message}`));
    });
    child.once("close", () => {
      stop();
      if (starved) {
        reject(new SandboxStarved(limits.wall_s, patience));
        return;
      }
      const ended: Ended | undefined = timedOut ? { exit_code: null, signal: constants.signals.SIGKILL } : init.ended;
      if (!ended) {
        const when = init.started ? "before the program ended" : `before the program started (${SETUP_TIMEOUT_MS / 1000} s allowed)`;
        reject(new SandboxError(`the sandbox failed ${when}: ${stderr.tail().trim()}`));
        return;
      }
      const signal = ended.signal === null ? null : (SIGNAL_NAMES.get(ended.signal) ?? String(ended.signal));
      resolve({
        stdout: stdout.text(),
        stderr: stderr.text(),
        exit_code: ended.exit_code,
        signal,
        timed_out: timedOut,
        out_of_memory: !timedOut && (OOM_TEXT.test(stderr.tail()) || (signal !== null && OOM_SIGNALS.has(signal))),
        output_truncated: stdout.truncated || stderr.truncated,
        duration_ms: deadline?.ownMs(ended.cpu_wait_ms) ?? 0,
      });
    });
  });
}
