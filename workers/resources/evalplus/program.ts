// What the sandbox is asked to run for one test list: the solution and our harness, with the
// lists' arguments as stdin. Never the expected outputs: they are compared here.
import type { RunRequestSchema } from "../../../shared/sandbox/schema.ts";
import type { z } from "../../../shared/zod.ts";

type Request = z.input<typeof RunRequestSchema>;
type Limits = NonNullable<Request["limits"]>;

/** The line prefix each of the harness's result lines starts with. */
export const RESULT_MARKER = "@@evalplus_result@@ ";

// Reads every call's arguments before the solution can touch stdin, keeps its own stdout (fd 1
// now /dev/null, as EvalPlus's swallow_io), imports the solution (HumanEval's typing names in
// scope), then calls the entry point once per test under a per-test timer and writes one line
// per test: the value as JSON and whether it is floats (EvalPlus's is_floats), or the error.
// It leaves with os._exit, so the solution's exit hooks never run.
function harness(entryPoint: string, testTimeoutS: number): string {
  return `import json, os, signal, sys
_write, _exit, _dumps = os.write, os._exit, json.dumps
_calls = json.loads(sys.stdin.read())
_out = os.dup(1)
_null = os.open(os.devnull, os.O_WRONLY)
os.dup2(_null, 1)
os.dup2(_null, 2)
class _Timeout(BaseException):
    pass
def _alarm(*_):
    raise _Timeout()
signal.signal(signal.SIGALRM, _alarm)
def _emit(record):
    _write(_out, ("\\n" + ${JSON.stringify(RESULT_MARKER)} + _dumps(record) + "\\n").encode())
def _plain(o):
    if isinstance(o, (set, frozenset)):
        try:
            return sorted(o)
        except TypeError:
            return list(o)
    return repr(o)
def _floats(v):
    return isinstance(v, float) or (isinstance(v, (list, tuple)) and all(isinstance(i, float) for i in v))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
try:
    signal.setitimer(signal.ITIMER_REAL, ${testTimeoutS})
    import solution
    _fn = getattr(solution, ${JSON.stringify(entryPoint)})
    signal.setitimer(signal.ITIMER_REAL, 0)
except BaseException as e:
    signal.setitimer(signal.ITIMER_REAL, 0)
    for _i in range(len(_calls)):
        _emit({"i": _i, "status": "timeout" if isinstance(e, _Timeout) else "error", "error": repr(e)[:300]})
    _exit(0)
for _i, _args in enumerate(_calls):
    try:
        signal.setitimer(signal.ITIMER_REAL, ${testTimeoutS})
        _value = _fn(*_args)
        signal.setitimer(signal.ITIMER_REAL, 0)
    except BaseException as e:
        signal.setitimer(signal.ITIMER_REAL, 0)
        _emit({"i": _i, "status": "timeout" if isinstance(e, _Timeout) else "error", "error": repr(e)[:300]})
        continue
    try:
        _text = _dumps(_value, allow_nan=False, default=_plain)
    except (ValueError, TypeError, RecursionError):
        _text = _dumps(repr(_value))
    _write(_out, ("\\n" + ${JSON.stringify(RESULT_MARKER)} + '{"i": %d, "status": "ok", "floats": %s, "value": %s}' % (_i, "true" if _floats(_value) else "false", _text) + "\\n").encode())
_exit(0)
`;
}

export const PRELUDE = "from typing import *\n";

/** One run: every call of the list, in order. */
export const listRun = (code: string, entryPoint: string, inputs: unknown[][], testTimeoutS: number, limits: Limits): Request => ({
  language: "python",
  files: { "main.py": harness(entryPoint, testTimeoutS), "solution.py": `${PRELUDE}${code}` },
  stdin: JSON.stringify(inputs),
  limits,
});

export type CallResult = { status: "ok"; value: unknown; floats: boolean } | { status: "error" | "timeout"; error: string };

/** Each test's result, the last line the harness wrote for it; tests without one are missing. */
export function harnessResults(stdout: string, count: number): (CallResult | undefined)[] {
  const results: (CallResult | undefined)[] = Array.from({ length: count }, () => undefined);
  for (const line of stdout.split("\n")) {
    if (!line.startsWith(RESULT_MARKER)) continue;
    let record: { i?: unknown; status?: unknown; value?: unknown; floats?: unknown; error?: unknown };
    try {
      record = JSON.parse(line.slice(RESULT_MARKER.length));
    } catch {
      continue;
    }
    if (typeof record.i !== "number" || !Number.isInteger(record.i) || record.i < 0 || record.i >= count) continue;
    if (record.status === "ok" && "value" in record) results[record.i] = { status: "ok", value: record.value, floats: record.floats === true };
    else if (record.status === "error" || record.status === "timeout") results[record.i] = { status: record.status, error: String(record.error ?? "") };
  }
  return results;
}
