// Runs one request: a private workspace with its files, the isolated command, a wall-clock deadline
// that kills the whole namespace, capped output, and the result. The temp dir is removed after.
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { DEFAULT_PYTHON_ENTRY, type RunRequest, type RunResult } from "../../shared/sandbox/schema.ts";
import { CappedCapture } from "./capture.ts";
import type { MemoryGroups } from "./cgroup.ts";
import { isolatedCommand } from "./isolation.ts";
import type { Python } from "./python.ts";
import type { UidPool } from "./uid_pool.ts";
import { makeWorkspace } from "./workspace.ts";

/** The sandbox itself failed (not the program): a server error, never a RunResult. */
export class SandboxError extends Error {}

interface Status {
  exit_code: number | null;
  signal: number | null;
}

const SIGNAL_NAMES = new Map(Object.entries(constants.signals).map(([name, n]) => [n, name]));
// Allocation failures under RLIMIT_AS: Python raises MemoryError; native code mostly aborts or
// dereferences the NULL malloc returned.
const OOM_TEXT = /\bMemoryError\b|Cannot allocate memory|std::bad_alloc|out of memory/;
const OOM_SIGNALS = new Set(["SIGSEGV", "SIGABRT", "SIGBUS"]);

function program(python: Python, request: RunRequest): string[] {
  return request.command ?? [python.executable, request.entry ?? DEFAULT_PYTHON_ENTRY];
}

export async function runIsolated(python: Python, uids: UidPool, request: RunRequest, groups?: MemoryGroups): Promise<RunResult> {
  const workspace = await makeWorkspace(request.files);
  const uid = await uids.acquire();
  const group = groups?.create(request.limits.memory_mb * 1024 * 1024);
  try {
    const argv = isolatedCommand(python, { ...workspace, uid, limits: request.limits, program: program(python, request), ...(group ? { memoryGroup: group.procs } : {}) });
    const result = await execute(argv, request);
    return group?.oomKilled() ? { ...result, out_of_memory: true } : result;
  } finally {
    await group?.remove();
    uids.release(uid);
    await workspace.remove();
  }
}

function execute(argv: string[], request: RunRequest): Promise<RunResult> {
  const { limits } = request;
  const started = performance.now();
  // Its own process group, so the deadline can kill unshare and everything it started at once.
  const child = spawn(argv[0]!, argv.slice(1), { detached: true, env: {}, stdio: ["pipe", "pipe", "pipe", "pipe"] });
  const stdout = new CappedCapture(limits.output_bytes);
  const stderr = new CappedCapture(limits.output_bytes);
  const status: Buffer[] = [];
  child.stdout!.on("data", (c: Buffer) => stdout.push(c));
  child.stderr!.on("data", (c: Buffer) => stderr.push(c));
  (child.stdio[3] as NodeJS.ReadableStream).on("data", (c: Buffer) => status.push(c));
  // The program may exit without reading its stdin.
  child.stdin!.on("error", () => {});
  child.stdin!.end(request.stdin);

  let timedOut = false;
  const deadline = setTimeout(() => {
    timedOut = true;
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // It ended on its own at the same moment.
    }
  }, limits.wall_s * 1000);

  return new Promise((resolve, reject) => {
    child.once("error", (err) => {
      clearTimeout(deadline);
      reject(new SandboxError(`cannot start the sandbox: ${err.message}`));
    });
    child.once("close", () => {
      clearTimeout(deadline);
      const duration_ms = Math.round(performance.now() - started);
      const reported = Buffer.concat(status).toString();
      if (!timedOut && reported === "") {
        reject(new SandboxError(`the sandbox failed before the program ended: ${stderr.tail().trim()}`));
        return;
      }
      const ended: Status = timedOut ? { exit_code: null, signal: constants.signals.SIGKILL } : (JSON.parse(reported) as Status);
      const signal = ended.signal === null ? null : (SIGNAL_NAMES.get(ended.signal) ?? String(ended.signal));
      resolve({
        stdout: stdout.text(),
        stderr: stderr.text(),
        exit_code: ended.exit_code,
        signal,
        timed_out: timedOut,
        out_of_memory: !timedOut && (OOM_TEXT.test(stderr.tail()) || (signal !== null && OOM_SIGNALS.has(signal))),
        output_truncated: stdout.truncated || stderr.truncated,
        duration_ms,
      });
    });
  });
}
