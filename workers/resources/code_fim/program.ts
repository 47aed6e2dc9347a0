// What the sandbox runs for one check: human_eval_infilling's program (prefix + completion +
// suffix, the task's test, check(entry_point)) and our harness. The harness forks a child that
// runs the program as the library does (exec in fresh globals, its I/O swallowed, its destructive
// calls disabled, an interval timer for the time limit) and sends its verdict down a pipe, tagged
// with a token drawn before the fork. The parent never runs model code: it waits timeout + 1 s as
// the library does (no verdict by then: "timed out"), accepts only a tagged verdict, and writes it
// to its stdout, which the child cannot reach (its 0-2 are /dev/null; the parent is not dumpable,
// so /proc/<ppid>/fd is closed to it). Known limit, shared with the reference: the program runs in
// one process with the test, so code that digs the token out of its own interpreter's memory
// could forge a verdict; a print, an exit code, os._exit or sys.exit cannot.
import type { RunRequestSchema } from "../../../shared/sandbox/schema.ts";
import type { z } from "../../../shared/zod.ts";
import type { Problem } from "../../../shared/datasets/human_eval_infilling/index.ts";

type Request = z.input<typeof RunRequestSchema>;
type Limits = NonNullable<Request["limits"]>;

/** The line prefix of the harness's verdict line. */
export const VERDICT_MARKER = "@@code_fim_verdict@@ ";

/** The program human_eval_infilling's check_correctness runs. */
export const checkProgram = (problem: Problem, completion: string) =>
  `${problem.prompt}${completion}${problem.suffix}\n${problem.test}\ncheck(${problem.entry_point})`;

function harness(timeoutS: number): string {
  return `import json, os, sys, time
TIMEOUT = ${timeoutS}
MARKER = ${JSON.stringify(VERDICT_MARKER)}
with open("program.py") as f:
    SOURCE = f.read()
try:
    import ctypes
    ctypes.CDLL(None).prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE 0: no ptrace, no /proc/<pid>/fd into this process
except Exception:
    pass

def child(token, write):
    import builtins, contextlib, faulthandler, io, shutil, signal, subprocess, tempfile
    send, leave = os.write, os._exit
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.closerange(3, write)
    os.closerange(write + 1, 1 << 16)

    class TimeoutException(Exception):
        pass

    class WriteOnlyStringIO(io.StringIO):
        def read(self, *args, **kwargs):
            raise IOError
        def readline(self, *args, **kwargs):
            raise IOError
        def readlines(self, *args, **kwargs):
            raise IOError
        def readable(self, *args, **kwargs):
            return False

    def on_alarm(signum, frame):
        raise TimeoutException("Timed out!")

    os.chdir(tempfile.mkdtemp())
    faulthandler.disable()
    builtins.exit = builtins.quit = builtins.help = None
    os.environ["OMP_NUM_THREADS"] = "1"
    for name in ("kill", "system", "putenv", "remove", "removedirs", "rmdir", "fchdir", "setuid", "fork", "forkpty", "killpg", "rename", "renames", "truncate", "replace", "unlink", "fchmod", "fchown", "chmod", "chown", "chroot", "lchflags", "lchmod", "lchown", "getcwd", "chdir"):
        setattr(os, name, None)
    shutil.rmtree = shutil.move = shutil.chown = None
    subprocess.Popen = None
    for name in ("ipdb", "joblib", "resource", "psutil", "tkinter"):
        sys.modules[name] = None
    stream = WriteOnlyStringIO()
    try:
        with contextlib.redirect_stdout(stream), contextlib.redirect_stderr(stream):
            saved_stdin, sys.stdin = sys.stdin, stream
            try:
                signal.setitimer(signal.ITIMER_REAL, TIMEOUT)
                signal.signal(signal.SIGALRM, on_alarm)
                try:
                    exec(SOURCE, {})
                finally:
                    signal.setitimer(signal.ITIMER_REAL, 0)
            finally:
                sys.stdin = saved_stdin
        verdict = "passed"
    except TimeoutException:
        verdict = "timed out"
    except BaseException as e:
        try:
            verdict = "failed: %s" % (e,)
        except BaseException:
            verdict = "failed: "
    data = (token + verdict[:2000]).encode("utf-8", "replace")
    while data:
        data = data[send(write, data):]
    leave(0)

token = os.urandom(16).hex()
read, write = os.pipe()
pid = os.fork()
if pid == 0:
    os.close(read)
    child(token, write)
os.close(write)
import select, signal
deadline = time.monotonic() + TIMEOUT + 1
received = b""
while time.monotonic() < deadline:
    if not select.select([read], [], [], max(deadline - time.monotonic(), 0.01))[0]:
        continue
    chunk = os.read(read, 1 << 16)
    if not chunk:
        break
    received += chunk
    if len(received) > 1 << 16:
        break
try:
    os.kill(pid, signal.SIGKILL)
except OSError:
    pass
text = received.decode("utf-8", "replace")
verdict = text[len(token):] if text.startswith(token) else "timed out"
sys.stdout.write("\\n" + MARKER + json.dumps({"result": verdict}) + "\\n")
sys.stdout.flush()
os._exit(0)
`;
}

/** One run: the check program as a file, the harness as the entry. */
export const checkRun = (program: string, timeoutS: number, limits: Limits): Request => ({
  language: "python",
  files: { "main.py": harness(timeoutS), "program.py": program },
  limits,
});

/** The harness's verdict: the last verdict line; none (the run killed) reads as the library's "timed out". */
export function verdictOf(stdout: string): string {
  let verdict = "timed out";
  for (const line of stdout.split("\n")) {
    if (!line.startsWith(VERDICT_MARKER)) continue;
    try {
      const record = JSON.parse(line.slice(VERDICT_MARKER.length)) as { result?: unknown };
      if (typeof record.result === "string") verdict = record.result;
    } catch {
      // A line cut short by the output limit says nothing.
    }
  }
  return verdict;
}
