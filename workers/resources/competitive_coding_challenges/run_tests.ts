// The program in the sandbox: compiled once per row (the binary comes back base64-encoded), then
// run once per test, in a fresh sandbox each time, with the test's input on stdin and nothing else:
// the expected output never leaves this Worker, and the program's stdout is compared here
// (compare.ts), so nothing it prints can pass for a verdict. Each test's result has the
// reference's fields: compile_success (no compiler diagnostics at all, as the reference decides
// it), compile_stdout/stderr, run_stdout (the verdict, "1" or "0"), run_stderr (why), error, score,
// run_time_s (the run's own time, as the sandbox measures it). Output past the sandbox's 1 MiB is
// wrong (it cannot be compared), so an expected output that long cannot be matched. A sandbox
// that cannot run the program throws (sandbox_failed): never a score.
import { runInSandbox } from "../../../shared/sandbox/client.ts";
import type { Sandbox } from "../../../shared/sandbox/client.ts";
import { LIMIT_MAXIMA } from "../../../shared/sandbox/schema.ts";
import type { RunResult } from "../../../shared/sandbox/schema.ts";
import { outputMatches } from "./compare.ts";

const SOURCE = "solution.cpp";
const ENCODED = "solution.b64";

/** The reference's compile line (IOI's compile.sh), the binary then printed for the runs. */
const COMPILE = `g++ -DEVAL -std=gnu++17 -O2 -pipe -s -o solution ${SOURCE} && base64 -w0 solution`;
/** Unlimited stack where the hard limit allows (the reference's run.sh asks for it), then the program alone. */
const RUN = `base64 -d ${ENCODED} > solution && chmod 700 solution && rm ${ENCODED} && { ulimit -s unlimited 2>/dev/null || ulimit -s "$(ulimit -H -s)"; } && exec ./solution`;

export const COMPILE_LIMITS = { wall_s: 60, cpu_s: 60, memory_mb: 2048, output_bytes: LIMIT_MAXIMA.output_bytes };

export interface TestResult {
  compile_success: boolean;
  compile_stdout: string;
  compile_stderr: string;
  run_stdout: string;
  run_stderr: string;
  error: string;
  score: number;
  run_time_s?: number;
  test_name?: string;
  test_group?: string;
}

/** A compiled program (its binary, base64), or the result every test gets when it did not compile. */
export type Compiled = { binary: string; compile_stdout: string } | { failed: TestResult };

const failedCompile = (compile_stdout: string, compile_stderr: string): Compiled => ({
  failed: { compile_success: false, compile_stdout, compile_stderr, run_stdout: "", run_stderr: "", error: "", score: 0 },
});

export async function compile(code: string, problemId: string, sandbox: Sandbox): Promise<Compiled> {
  const run = await runInSandbox(sandbox, { files: { [SOURCE]: code }, command: ["/bin/sh", "-c", COMPILE], limits: COMPILE_LIMITS });
  if (run.timed_out) return failedCompile("", `Compilation did not finish within ${COMPILE_LIMITS.wall_s} s\n`);
  if (run.output_truncated) return failedCompile("", `The compiled program is over ${COMPILE_LIMITS.output_bytes} bytes in base64, more than the sandbox returns\n`);
  if (run.exit_code !== 0 || run.stderr) return failedCompile("", run.stderr || `Failed to compile ${problemId} (exit code ${run.exit_code ?? run.signal})\n`);
  return { binary: run.stdout, compile_stdout: `Compiled ${problemId} from ${SOURCE}\n` };
}

export interface RunLimits {
  /** The problem's time limit times the time scale, seconds. */
  time_limit_s: number;
  memory_mb: number;
}

// Shell-style exit codes for a program a signal ended (128 + its number), as the reference reports them.
const SIGNALS: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGILL: 4, SIGTRAP: 5, SIGABRT: 6, SIGBUS: 7, SIGFPE: 8, SIGKILL: 9, SIGUSR1: 10, SIGSEGV: 11, SIGUSR2: 12, SIGPIPE: 13, SIGALRM: 14, SIGTERM: 15, SIGSYS: 31 };

function verdict(run: RunResult, expected: string, limits: RunLimits): { score: number; message: string } {
  // Past its CPU limit the kernel stops a run with SIGXCPU: that, too, is out of time.
  if (run.timed_out || run.signal === "SIGXCPU") return { score: 0, message: `Time limit exceeded (${limits.time_limit_s}s)` };
  if (run.signal !== null) return { score: 0, message: `Runtime error with exit code ${128 + (SIGNALS[run.signal] ?? 0)} (${run.signal})` };
  if (run.exit_code !== 0) return { score: 0, message: `Runtime error with exit code ${run.exit_code}` };
  // Output past what the sandbox keeps cannot be compared: it is not the expected output.
  if (!run.output_truncated && outputMatches(expected, run.stdout)) return { score: 1, message: "Output is correct (diff)" };
  return { score: 0, message: "Output isn't correct (diff)" };
}

export async function runTest(compiled: Compiled, input: string, expected: string, limits: RunLimits, sandbox: Sandbox): Promise<TestResult> {
  if ("failed" in compiled) return { ...compiled.failed };
  const wall = Math.min(limits.time_limit_s, LIMIT_MAXIMA.wall_s);
  const run = await runInSandbox(sandbox, {
    files: { [ENCODED]: compiled.binary },
    command: ["/bin/sh", "-c", RUN],
    stdin: input,
    limits: { wall_s: wall, cpu_s: Math.min(LIMIT_MAXIMA.cpu_s, Math.ceil(wall) + 1), memory_mb: limits.memory_mb, output_bytes: LIMIT_MAXIMA.output_bytes, processes: 4 },
  });
  const { score, message } = verdict(run, expected, limits);
  return {
    compile_success: true,
    compile_stdout: compiled.compile_stdout,
    compile_stderr: "",
    run_stdout: `${score}\n`,
    run_stderr: `${message}\n`,
    error: "",
    score,
    run_time_s: run.duration_ms / 1000,
  };
}
