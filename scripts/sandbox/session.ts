// One stateful session: a long-lived Python interpreter (session_repl.py) in the same isolation as a
// run, with its own uid, workspace and limits for its whole life. Cells go one at a time over a
// control pipe. A cell past its wall limit, or an interpreter that dies (CPU limit, os._exit, a
// crash), ends the session: the whole namespace is killed and the next cell starts a fresh one.
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { constants } from "node:os";
import type { CellResult, Limits } from "../../shared/sandbox/schema.ts";
import type { MemoryGroup, MemoryGroups } from "./cgroup.ts";
import { isolatedCommand } from "./isolation.ts";
import type { Python } from "./python.ts";
import { type Workspace, makeWorkspace } from "./workspace.ts";

const REPL = readFileSync(new URL("./session_repl.py", import.meta.url), "utf8");
const SIGNAL_NAMES = new Map(Object.entries(constants.signals).map(([name, n]) => [n, name]));

/** What the interpreter answers for a cell (the rest of a CellResult is the host's to say). */
interface Frame {
  stdout: string;
  stderr: string;
  error: string | null;
  traceback: string | null;
  result: string | null;
  output_truncated: boolean;
}

interface Waiting {
  resolve(frame: Frame): void;
  /** The interpreter ended before answering: how (a line for the model). */
  ended(why: string, signal: string | null): void;
}

export class PythonSession {
  readonly limits: Limits;
  private readonly child: ChildProcess;
  private readonly workspace: Workspace;
  private buffered = "";
  private waiting: Waiting | undefined;
  private exit: string | undefined;
  private exitSignal: string | null = null;
  /** Cells run one after another. */
  private queue: Promise<unknown> = Promise.resolve();
  private cells = 0;

  private readonly group: MemoryGroup | undefined;

  private constructor(child: ChildProcess, workspace: Workspace, limits: Limits, group: MemoryGroup | undefined) {
    this.group = group;
    this.child = child;
    this.workspace = workspace;
    this.limits = limits;
    const status: Buffer[] = [];
    child.stdout!.setEncoding("utf8").on("data", (text: string) => this.read(text));
    (child.stdio[3] as NodeJS.ReadableStream).on("data", (c: Buffer) => status.push(c));
    child.stdin!.on("error", () => {});
    child.once("close", () => {
      const reported = Buffer.concat(status).toString();
      const ended = reported ? (JSON.parse(reported) as { exit_code: number | null; signal: number | null }) : { exit_code: null, signal: null };
      this.exitSignal = ended.signal === null ? null : (SIGNAL_NAMES.get(ended.signal) ?? String(ended.signal));
      // Our own kills have said why already; a kill we did not send is the memory cap's or the CPU limit's.
      const oom = group?.oomKilled() ?? false;
      this.exit ??= oom
        ? `the session went over its ${limits.memory_mb} MiB of memory; the session was restarted, so earlier variables are gone`
        : this.exitSignal === "SIGXCPU" || this.exitSignal === "SIGKILL"
          ? `the session used up its ${limits.cpu_s} s of CPU time`
          : `the interpreter exited (${this.exitSignal ?? `exit code ${ended.exit_code ?? "unknown"}`})`;
      this.waiting?.ended(this.exit, oom ? "OOM" : this.exitSignal);
      this.waiting = undefined;
      void this.workspace.remove();
      void this.group?.remove();
    });
  }

  static async open(python: Python, uid: number, limits: Limits, groups?: MemoryGroups): Promise<PythonSession> {
    const workspace = await makeWorkspace({});
    const group = groups?.create(limits.memory_mb * 1024 * 1024);
    const argv = isolatedCommand(python, { ...workspace, uid, limits, program: [python.executable, "-u", "-c", REPL], ...(group ? { memoryGroup: group.procs } : {}) });
    const child = spawn(argv[0]!, argv.slice(1), { detached: true, env: {}, stdio: ["pipe", "pipe", "ignore", "pipe"] });
    await new Promise<void>((resolve, reject) => {
      child.once("spawn", resolve);
      child.once("error", reject);
    }).catch(async (err: Error) => {
      await group?.remove();
      await workspace.remove();
      throw err;
    });
    return new PythonSession(child, workspace, limits, group);
  }

  /** False once the interpreter has ended: the session can run no more cells. */
  get alive(): boolean {
    return this.exit === undefined;
  }

  run(code: string): Promise<CellResult> {
    const next = this.queue.then(() => this.runNow(code));
    this.queue = next.catch(() => {});
    return next;
  }

  close(): void {
    this.exit ??= "the session was closed";
    this.kill();
  }

  private kill(): void {
    try {
      process.kill(-this.child.pid!, "SIGKILL");
    } catch {
      // Already gone.
    }
  }

  private read(text: string): void {
    this.buffered += text;
    let newline;
    while ((newline = this.buffered.indexOf("\n")) >= 0) {
      const line = this.buffered.slice(0, newline);
      this.buffered = this.buffered.slice(newline + 1);
      let frame: Frame;
      try {
        frame = JSON.parse(line) as Frame;
      } catch {
        // The cell's code wrote into the control channel: nothing it says can be trusted now. The
        // waiting cell is answered when the killed interpreter closes.
        this.exit = "the session's control channel was written to by the code; the session was ended";
        this.kill();
        continue;
      }
      const waiting = this.waiting;
      this.waiting = undefined;
      waiting?.resolve(frame);
    }
  }

  private runNow(code: string): Promise<CellResult> {
    const started = performance.now();
    const newSession = this.cells++ === 0;
    const base = { new_session: newSession, timed_out: false, out_of_memory: false, output_truncated: false };
    const ended = (why: string, signal: string | null): CellResult => ({
      ...base,
      stdout: "",
      stderr: "",
      error: why,
      traceback: null,
      result: null,
      out_of_memory: signal === "OOM" || signal === "SIGSEGV" || signal === "SIGABRT" || signal === "SIGBUS",
      duration_ms: Math.round(performance.now() - started),
      session_ended: true,
    });
    if (!this.alive) return Promise.resolve(ended(this.exit!, this.exitSignal));
    return new Promise((resolve) => {
      const deadline = setTimeout(() => {
        this.exit = `the cell ran past its ${this.limits.wall_s} s limit; the session was restarted, so earlier variables are gone`;
        this.waiting = undefined;
        this.kill();
        resolve({ ...ended(this.exit, null), timed_out: true });
      }, this.limits.wall_s * 1000);
      this.waiting = {
        resolve: (frame) => {
          clearTimeout(deadline);
          resolve({
            ...base,
            ...frame,
            out_of_memory: frame.error?.startsWith("MemoryError") ?? false,
            duration_ms: Math.round(performance.now() - started),
            session_ended: false,
          });
        },
        ended: (why, signal) => {
          clearTimeout(deadline);
          resolve(ended(why, signal));
        },
      };
      this.child.stdin!.write(`${JSON.stringify({ code, output_bytes: this.limits.output_bytes })}\n`);
    });
  }
}
