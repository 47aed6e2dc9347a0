// One stateful session: a long-lived Python interpreter (session_repl.py) in the same isolation as a
// run, with its own uid, workspace and limits for its whole life. Cells go one at a time to the
// session's supervisor (init.py, out of the cells' reach), which relays them to the interpreter and
// answers only well-formed answers to the cell in progress. A cell past its wall limit, or an
// interpreter that dies (CPU limit, os._exit, a crash) or cuts its channel, ends the session: the
// whole namespace is killed and the next cell starts a fresh one.
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { constants } from "node:os";
import { CellResultSchema, type CellResult, type Limits } from "../../shared/sandbox/schema.ts";
import type { z } from "../../shared/zod.ts";
import type { RunGroup, RunGroups } from "./cgroup.ts";
import { programCpuWait, stolenPerCpuMs } from "./cpu_wait.ts";
import { ownTimeDeadline } from "./deadline.ts";
import { SETUP_TIMEOUT_MS, watchInit } from "./init_channel.ts";
import { isolatedCommand } from "./isolation.ts";
import { LineReader } from "./lines.ts";
import type { Python } from "./python.ts";
import { SandboxError, SandboxStarved } from "./run.ts";
import { type Workspace, makeWorkspace } from "./workspace.ts";

const REPL = readFileSync(new URL("./session_repl.py", import.meta.url), "utf8");
const SIGNAL_NAMES = new Map(Object.entries(constants.signals).map(([name, n]) => [n, name]));

/** What the supervisor answers for a cell (the rest of a CellResult is the host's to say). */
const AnswerSchema = CellResultSchema.pick({ stdout: true, stderr: true, error: true, traceback: true, result: true, output_truncated: true });
type Answer = z.infer<typeof AnswerSchema>;

/** An answer's largest line: five texts of `output_bytes` characters, 12 bytes each escaped (init.py's bound too). */
const answerBytes = (outputBytes: number) => 60 * outputBytes + 4096;

interface Waiting {
  resolve(answer: Answer): void;
  /** The interpreter ended before answering: how (a line for the model). */
  ended(why: string, signal: string | null): void;
  /** The sandbox itself failed: no answer to give. */
  failed(err: SandboxError): void;
}

export class PythonSession {
  readonly limits: Limits;
  private readonly child: ChildProcess;
  private readonly workspace: Workspace;
  private readonly answers: LineReader;
  private waiting: Waiting | undefined;
  private exit: string | undefined;
  private exitSignal: string | null = null;
  /** Cells run one after another. */
  private queue: Promise<unknown> = Promise.resolve();
  private cells = 0;

  private readonly group: RunGroup | undefined;
  /** Settles once init.py has started the interpreter; rejects if the session ends first. */
  private readonly ready: Promise<void>;
  /** The interpreter's CPU wait so far, once it has started. */
  private cpuWait: () => number = () => 0;
  /** How many times its limit a cell may wait for a CPU (deadline.ts). */
  private readonly patience: number;

  private constructor(child: ChildProcess, workspace: Workspace, limits: Limits, group: RunGroup | undefined, patience: number) {
    this.group = group;
    this.patience = patience;
    this.child = child;
    this.workspace = workspace;
    this.limits = limits;
    this.answers = new LineReader(answerBytes(limits.output_bytes));
    let started!: () => void;
    let ended!: (err: SandboxError) => void;
    this.ready = new Promise((resolve, reject) => {
      started = resolve;
      ended = reject;
    });
    const init = watchInit(child.stdio[3] as NodeJS.ReadableStream, () => {
      this.cpuWait = programCpuWait(child.pid!);
      started();
    });
    child.stdout!.on("data", (chunk: Buffer) => this.read(chunk));
    child.stdin!.on("error", () => {});
    child.once("close", () => {
      ended(new SandboxError(`the session's sandbox ended before its interpreter started (${SETUP_TIMEOUT_MS / 1000} s allowed)`));
      const reported = init.ended;
      const status = reported ?? { exit_code: null, signal: null };
      this.exitSignal = status.signal === null ? null : (SIGNAL_NAMES.get(status.signal) ?? String(status.signal));
      // Our own kills have said why already; a kill we did not send is the memory cap's or the CPU limit's.
      const oom = group?.oomKilled() ?? false;
      if (this.exit === undefined && !reported && !oom) {
        this.fail(new SandboxError("the session's supervisor ended without saying how the interpreter ended"));
      }
      this.exit ??= oom
        ? `the session went over its ${limits.memory_mb} MiB of memory; the session was restarted, so earlier variables are gone`
        : status.channel_closed
          ? "the code closed the interpreter's channel to the sandbox; the session was ended"
          : this.exitSignal === "SIGXCPU" || this.exitSignal === "SIGKILL"
            ? `the session used up its ${limits.cpu_s} s of CPU time`
            : `the interpreter exited (${this.exitSignal ?? `exit code ${status.exit_code ?? "unknown"}`})`;
      this.waiting?.ended(this.exit, oom ? "OOM" : this.exitSignal);
      this.waiting = undefined;
      void this.workspace.remove();
      void this.group?.remove();
    });
  }

  static async open(python: Python, uid: number, limits: Limits, groups: RunGroups | undefined, patience: number): Promise<PythonSession> {
    const workspace = await makeWorkspace({});
    const group = groups?.create(limits.memory_mb * 1024 * 1024);
    const argv = isolatedCommand(python, { ...workspace, uid, limits, program: [python.executable, "-u", "-c", REPL], groups: group?.procs ?? [], session: true });
    const child = spawn(argv[0]!, argv.slice(1), { detached: true, env: {}, stdio: ["pipe", "pipe", "ignore", "pipe"] });
    await new Promise<void>((resolve, reject) => {
      child.once("spawn", resolve);
      child.once("error", reject);
    }).catch(async (err: Error) => {
      await group?.remove();
      await workspace.remove();
      throw err;
    });
    const session = new PythonSession(child, workspace, limits, group, patience);
    // Its namespace built and its interpreter started, or it is the sandbox that failed.
    const setup = setTimeout(() => session.close(), SETUP_TIMEOUT_MS);
    try {
      await session.ready;
    } finally {
      clearTimeout(setup);
    }
    return session;
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

  private read(chunk: Buffer): void {
    try {
      for (const line of this.answers.push(chunk)) {
        // The supervisor writes one valid answer a line: anything else is the sandbox broken.
        const answer = AnswerSchema.safeParse(tryJson(line.toString("utf8")));
        if (!answer.success) throw new SandboxError("the session's supervisor answered a line that is not an answer");
        const waiting = this.waiting;
        this.waiting = undefined;
        waiting?.resolve(answer.data);
      }
    } catch (err) {
      this.fail(err instanceof SandboxError ? err : new SandboxError(`the session's supervisor answered ${(err as Error).message}`));
    }
  }

  /** Ends the session and fails its waiting cell: the sandbox, not the code, went wrong. */
  private fail(err: SandboxError): void {
    this.exit ??= err.message;
    this.waiting?.failed(err);
    this.waiting = undefined;
    this.kill();
  }

  private runNow(code: string): Promise<CellResult> {
    const newSession = this.cells++ === 0;
    const base = { new_session: newSession, timed_out: false, out_of_memory: false, output_truncated: false };
    const ended = (why: string, signal: string | null, duration_ms = 0): CellResult => ({
      ...base,
      stdout: "",
      stderr: "",
      error: why,
      traceback: null,
      result: null,
      out_of_memory: signal === "OOM" || signal === "SIGSEGV" || signal === "SIGABRT" || signal === "SIGBUS",
      duration_ms,
      session_ended: true,
    });
    if (!this.alive) return Promise.resolve(ended(this.exit!, this.exitSignal));
    return new Promise((resolve, reject) => {
      const deadline = ownTimeDeadline(this.limits.wall_s * 1000, { waitedMs: this.cpuWait, usedMs: () => this.group?.cpuUsedMs() ?? 0, stolenMs: stolenPerCpuMs }, (starved) => {
        this.exit = starved
          ? "the machine was too busy to run the last cell; the session was restarted, so earlier variables are gone"
          : `the cell ran past its ${this.limits.wall_s} s limit; the session was restarted, so earlier variables are gone`;
        this.waiting = undefined;
        this.kill();
        if (starved) reject(new SandboxStarved(this.limits.wall_s, this.patience));
        else resolve({ ...ended(this.exit, null, deadline.ownMs()), timed_out: true });
      }, this.patience);
      this.waiting = {
        resolve: (answer) => {
          deadline.cancel();
          resolve({
            ...base,
            ...answer,
            out_of_memory: answer.error?.startsWith("MemoryError") ?? false,
            duration_ms: deadline.ownMs(),
            session_ended: false,
          });
        },
        ended: (why, signal) => {
          deadline.cancel();
          resolve(ended(why, signal, deadline.ownMs()));
        },
        failed: (err) => {
          deadline.cancel();
          reject(err);
        },
      };
      this.child.stdin!.write(`${JSON.stringify({ code, output_bytes: this.limits.output_bytes })}\n`);
    });
  }
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
