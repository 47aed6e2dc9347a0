// What the sandbox is asked to run for one test list: the solution and our harness, with the
// lists' arguments as stdin. Never the expected outputs: they are compared here.
import type { RunRequestSchema } from "../../../shared/sandbox/schema.ts";
import type { z } from "../../../shared/zod.ts";
import { parseExact } from "../../../shared/json/exact.ts";

type Request = z.input<typeof RunRequestSchema>;
type Limits = NonNullable<Request["limits"]>;

/** The line prefix each of the harness's result lines starts with. */
export const RESULT_MARKER = "@@evalplus_result@@ ";

// Reads every call's arguments (ints of any length, as the row has them), then keeps out of the
// solution's reach: a worker process imports the solution (HumanEval's typing names in scope) and
// makes the calls, its stdout and stderr /dev/null (EvalPlus's swallow_io), and this process,
// which never runs solution code, asks it for one test at a time, times each call (a call past
// the limit is a timeout, and its worker is killed: what it would say later is never read) and
// writes one line per test to its stdout, which the worker has no handle on: the value as JSON
// (Python's own: ints as digits, floats always with a point or an exponent, so the types come
// back) or the error. A value JSON cannot hold (an object, NaN) is an error, never its repr: a
// string could then pass for it.
// The limits count the solution's own time, as the sandbox counts a run's (scripts/sandbox/
// deadline.ts): wall-clock time, so a call that sleeps or blocks times out as EvalPlus's wall-clock
// limits have it, less the time the worker waited for a CPU other runs held (its run_delay), but
// never less than the CPU time the run's own processes used (a solution that starves its worker
// gains nothing). The harness measures all of it from /proc (the run's own pid namespace): nothing
// the worker says. Past the wall-clock backstop (the run's wall limit less a second, a multiple of
// the task's budget) with the budget not spent, others starved the run: "starved", infrastructure,
// never a score.
function harness(entryPoint: string, timing: Timing, backstopS: number): string {
  return `import json, numbers, os, select, signal, sys, time
BACKSTOP = time.monotonic() + ${backstopS}
if hasattr(sys, "set_int_max_str_digits"):  # Python 3.11 caps int <-> text at 4300 digits
    sys.set_int_max_str_digits(0)
CALLS = json.loads(sys.stdin.read())
ENTRY, LIMIT, BUDGET, MARKER = ${JSON.stringify(entryPoint)}, ${timing.test_s}, ${timing.budget_s}, ${JSON.stringify(RESULT_MARKER)}
TICK = os.sysconf("SC_CLK_TCK")
HERE = os.path.dirname(os.path.abspath(__file__))
try:
    import ctypes
    ctypes.CDLL(None).prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE 0: no ptrace, pidfd_getfd or /proc/<pid>/fd into this process
except Exception:
    pass

def send(fd, text):
    data = (text + "\\n").encode()
    while data:
        data = data[os.write(fd, data):]

def plain(o):
    if isinstance(o, (set, frozenset)):
        try:
            return sorted(o)
        except TypeError:
            return list(o)
    if isinstance(o, numbers.Integral):
        return int(o)
    raise TypeError()

def work(requests, results):
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    low, high = sorted((requests, results))
    os.closerange(3, low)
    os.closerange(low + 1, high)
    os.closerange(high + 1, 1 << 20)
    try:
        sys.path.insert(0, HERE)
        import solution
        fn = getattr(solution, ENTRY)
    except BaseException as e:
        send(results, json.dumps({"ready": False, "error": repr(e)[:300]}))
        os._exit(0)
    send(results, json.dumps({"ready": True}))
    for line in os.fdopen(requests):
        i = int(line)
        try:
            value = fn(*CALLS[i])
        except BaseException as e:
            send(results, json.dumps({"i": i, "status": "error", "error": repr(e)[:300]}))
            continue
        try:
            text = json.dumps(value, allow_nan=False, default=plain)
        except (ValueError, TypeError, RecursionError):
            send(results, json.dumps({"i": i, "status": "error", "error": "returned a value JSON cannot hold (a %s, or NaN or an infinity in it)" % type(value).__name__}))
            continue
        send(results, '{"i": %d, "status": "ok", "value": %s}' % (i, text))
    os._exit(0)

def cpu_used():
    """CPU seconds every process of the run but this one has used, ended children's included."""
    total, me = 0, str(os.getpid())
    for pid in os.listdir("/proc"):
        try:
            with open("/proc/%s/stat" % pid) as f:
                utime, stime, cutime, cstime = f.read().rsplit(")", 1)[1].split()[11:15]
        except (OSError, ValueError):
            continue
        total += int(cutime) + int(cstime) + (0 if pid == me else int(utime) + int(stime))
    return total / TICK

def cpu_wait(pid):
    """Seconds the process has waited for a CPU while ready to run (its run_delay), or None once it is gone."""
    try:
        with open("/proc/%d/schedstat" % pid) as f:
            return int(f.read().split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return None

class OwnTime:
    """A worker's own time since now: wall clock less its wait for a CPU, at least the run's CPU time."""
    def __init__(self, pid):
        self.pid, self.start, self.used = pid, time.monotonic(), cpu_used()
        self.waited_before = self.waited = cpu_wait(pid) or 0

    def own(self):
        elapsed = time.monotonic() - self.start
        waited = cpu_wait(self.pid)
        self.waited = self.waited if waited is None else waited
        return max(elapsed - (self.waited - self.waited_before), min(elapsed, cpu_used() - self.used))

class Worker:
    def __init__(self):
        requests, self.requests = os.pipe()
        self.results, results = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:
            os.setpgid(0, 0)
            work(requests, results)
        os.close(requests)
        os.close(results)
        self.buffer = bytearray()

    def line(self, clock, limit):
        """The next line the worker writes before the clock counts \`limit\` seconds: a record, or "timeout", "starved" or "ended"."""
        searched = 0
        while (end := self.buffer.find(b"\\n", searched)) < 0:
            searched = len(self.buffer)
            own = clock.own()
            if own >= limit:
                return "timeout"
            # Own time grows no faster than the wall clock, so it cannot run out sooner than this.
            left = min(limit - own, BACKSTOP - time.monotonic())
            if left <= 0:
                return "starved"
            if not select.select([self.results], [], [], max(left, 0.01))[0]:
                continue
            chunk = os.read(self.results, 1 << 16)
            if not chunk:
                return "ended"
            self.buffer += chunk
        line = bytes(self.buffer[:end])
        del self.buffer[:end + 1]
        try:
            record = json.loads(line)
        except ValueError:
            return {}
        return record if isinstance(record, dict) else {}

    def kill(self):
        try:
            os.killpg(self.pid, signal.SIGKILL)
        except OSError:
            pass
        os.waitpid(self.pid, 0)
        os.close(self.requests)
        os.close(self.results)

def emit(record):
    send(1, "\\n" + MARKER + json.dumps(record, allow_nan=False))

def failure(i, status, error):
    return {"i": i, "status": status, "error": error}

def starved(i):
    emit(failure(i, "starved", "the run waited for a CPU past its wall-clock backstop"))

spent = 0
worker = None
for i in range(len(CALLS)):
    limit = min(LIMIT, BUDGET - spent)
    if limit <= 0:
        emit(failure(i, "timeout", "the task's time limit was exceeded"))
        continue
    if worker is None:
        worker = Worker()
        clock = OwnTime(worker.pid)
        ready = worker.line(clock, limit)
        spent += clock.own()
        if ready == "starved":
            starved(i)
            break
        if not isinstance(ready, dict) or ready.get("ready") is not True:
            status = "timeout" if ready == "timeout" else "error"
            error = str((isinstance(ready, dict) and ready.get("error")) or "the solution could not be loaded")[:300]
            for rest in range(i, len(CALLS)):
                emit(failure(rest, status, error))
            break
        limit = min(LIMIT, BUDGET - spent)
    clock = OwnTime(worker.pid)
    send(worker.requests, str(i))
    while (record := worker.line(clock, limit)) not in ("timeout", "ended", "starved") and record.get("i") != i:
        pass
    spent += clock.own()
    if record == "starved":
        starved(i)
        break
    if record in ("timeout", "ended"):
        worker.kill()
        worker = None
        record = failure(i, "timeout", "time limit exceeded") if record == "timeout" else failure(i, "error", "the solution ended its process")
    try:
        emit(record)
    except ValueError:
        emit(failure(i, "error", "returned a value JSON cannot hold"))
if worker is not None:
    worker.kill()
os._exit(0)
`;
}

export const PRELUDE = "from typing import *\n";

/** Seconds of own time one call may take, and all of the list's calls together. */
export interface Timing {
  test_s: number;
  budget_s: number;
}

/** One run: every call of the list, in order; the arguments' numbers written as the row has them. */
export const listRun = (code: string, entryPoint: string, inputs: unknown[][], timing: Timing, limits: Limits & { wall_s: number }): Request => ({
  language: "python",
  files: { "main.py": harness(entryPoint, timing, limits.wall_s - 1), "solution.py": `${PRELUDE}${code}` },
  stdin: JSON.stringify(inputs),
  limits,
});

export type CallResult = { status: "ok"; value: unknown } | { status: "error" | "timeout" | "starved"; error: string };

/** Each test's result, the last line the harness wrote for it; tests without one are missing. */
export function harnessResults(stdout: string, count: number): (CallResult | undefined)[] {
  const results: (CallResult | undefined)[] = Array.from({ length: count }, () => undefined);
  for (const line of stdout.split("\n")) {
    if (!line.startsWith(RESULT_MARKER)) continue;
    let record: { i?: unknown; status?: unknown; value?: unknown; error?: unknown };
    try {
      record = parseExact(line.slice(RESULT_MARKER.length)) as typeof record;
    } catch {
      continue;
    }
    if (typeof record.i !== "number" || !Number.isInteger(record.i) || record.i < 0 || record.i >= count) continue;
    if (record.status === "ok" && "value" in record) results[record.i] = { status: "ok", value: record.value };
    else if (record.status === "error" || record.status === "timeout" || record.status === "starved") results[record.i] = { status: record.status, error: String(record.error ?? "") };
  }
  return results;
}
