// What the sandbox is asked to run for one test. Only the solution, our harness and the test's
// input go in: never the expected output, so nothing the solution does in there (exit early,
// patch builtins, redefine a checker, look for the tests) can make a wrong answer pass.
import type { RunRequestSchema } from "../../../shared/sandbox/schema.ts";
import type { z } from "../../../shared/zod.ts";

type Request = z.input<typeof RunRequestSchema>;
type Limits = NonNullable<Request["limits"]>;

// LiveCodeBench runs every solution after these imports (its import_string), so solutions may
// use e.g. `List`, `deque` or `gcd` without importing them.
const PRELUDE = [
  ...["string", "re", "datetime", "collections", "heapq", "bisect", "copy", "math", "random", "statistics", "itertools", "functools", "operator", "io", "sys", "json", "builtins", "typing"].map((m) => `from ${m} import *`),
  ...["string", "re", "datetime", "collections", "heapq", "bisect", "copy", "math", "random", "statistics", "itertools", "functools", "operator", "io", "sys", "json"].map((m) => `import ${m}`),
  "sys.setrecursionlimit(50000)",
].join("\n");

/** The line prefix our harness prints its result after. */
export const RESULT_MARKER = "@@code_gen_result@@ ";
/** What a result JSON cannot hold starts with (never JSON text), before its repr. */
export const NOT_JSON = "!not_json ";

// Our harness reads the call's arguments (one JSON value a line, as LiveCodeBench reads them)
// before the solution can touch stdin, then forks a writer, a process that never runs solution
// code: it alone keeps stdout, and writes the first line the calling process sends it on a pipe
// as the result line. The calling process (the program the sandbox times, so its wait for a CPU is
// not its own time) gives up its stdout before importing the solution, so the solution never
// writes a result line of its own; the writer is not dumpable (no ptrace, no /proc/<pid>/fd).
// A class Solution is instantiated first (LeetCode style), as LiveCodeBench does. As there, a
// returned tuple is a list; any other value JSON cannot hold (a set, a nested tuple, an object
// whatever its __eq__ or repr, a dict keyed by other than strings, NaN) is a wrong answer, as
// LiveCodeBench's == against the expected JSON value has it: it goes as NOT_JSON and its repr.
function harness(fnName: string, classBased: boolean): string {
  return `import json, os, sys
if hasattr(sys, "set_int_max_str_digits"):  # Python 3.11 caps int <-> text at 4300 digits
    sys.set_int_max_str_digits(0)
args = [json.loads(line) for line in sys.stdin.read().split("\\n")]
results, into = os.pipe()
writer = os.fork()
if writer == 0:
    try:
        import ctypes
        ctypes.CDLL(None).prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE 0
    except Exception:
        pass
    os.close(into)
    line = os.fdopen(results, "rb").readline()
    if line.endswith(b"\\n"):
        os.write(1, b"\\n" + ${JSON.stringify(RESULT_MARKER)}.encode() + line)
    os._exit(0)
os.close(results)
null = os.open(os.devnull, os.O_WRONLY)
os.dup2(null, 1)
os.close(null)
import math
_write, _close, _waitpid, _exit, _dumps, _type, _isinstance, _all, _repr, _finite = os.write, os.close, os.waitpid, os._exit, json.dumps, type, isinstance, all, repr, math.isfinite

def is_json(value):
    """JSON's own kinds (a number or a string of a subclass as its value), JSON writes exactly that."""
    if value is None or _isinstance(value, (int, str)):
        return True
    if _isinstance(value, float):
        return _finite(value)
    kind = _type(value)
    if kind is list:
        return _all(is_json(item) for item in value)
    return kind is dict and _all(_type(key) is str and is_json(item) for key, item in value.items())

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import solution
target = solution.Solution() if ${classBased ? "True" : "False"} else solution
result = getattr(target, ${JSON.stringify(fnName)})(*args)
if _type(result) is tuple:
    result = list(result)
try:
    text = _dumps(result) if is_json(result) else ${JSON.stringify(NOT_JSON)} + _repr(result)[:300].replace("\\n", " ")
except BaseException:
    text = ${JSON.stringify(NOT_JSON)} + "a value JSON cannot hold"
_write(into, (text + "\\n").encode())
_close(into)
_waitpid(writer, 0)
_exit(0)
`;
}

/** A stdin/stdout test: the solution itself is the program, the test's input its stdin. */
export const stdioRun = (code: string, input: string, limits: Limits): Request => ({
  language: "python",
  files: { "main.py": `${PRELUDE}\n${code}` },
  stdin: input,
  limits,
});

/** A function-call test: our harness imports the solution and calls `fnName` with the input's arguments. */
export const callRun = (code: string, fnName: string, input: string, limits: Limits): Request => ({
  language: "python",
  files: { "main.py": harness(fnName, code.includes("class Solution")), "solution.py": `${PRELUDE}\n${code}` },
  stdin: input,
  limits,
});

/** The harness's result (its JSON text, or NOT_JSON and a repr), or null when it never printed one. */
export function harnessResult(stdout: string): string | null {
  const line = stdout.split("\n").findLast((l) => l.startsWith(RESULT_MARKER));
  return line === undefined ? null : line.slice(RESULT_MARKER.length);
}
