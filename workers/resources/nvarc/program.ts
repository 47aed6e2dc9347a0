// What the sandbox runs for an inductive reply: our harness, the reply's program and the test
// input (never the expected grid, which is compared here). As NeMo Gym's subprocess does, the
// program is exec'd with a reduced set of builtins and an import hook that refuses os, subprocess,
// sockets and the like (its fences, not a boundary: the sandbox is that); its output is swallowed;
// transform(test_input) runs under an alarm of python_timeout_seconds; numpy and torch values are
// turned into lists. Only a run whose whole stdout is the one success line counts: anything else
// the program prints there, an exit or an error leaves no grid, as in the reference.
import type { RunRequestSchema } from "../../../shared/sandbox/schema.ts";
import type { z } from "../../../shared/zod.ts";
import type { Grid } from "./declaration.ts";

type Request = z.input<typeof RunRequestSchema>;
type Limits = NonNullable<Request["limits"]>;

function harness(timeoutS: number): string {
  return `import builtins, io, json, signal, sys
TIMEOUT = ${timeoutS}
GRID = json.loads(sys.stdin.read())
with open("program.py", encoding="utf-8") as f:
    SOURCE = f.read()

REFUSED_NAMES = {"open", "input", "breakpoint", "help", "license", "credits", "copyright", "exit", "quit", "vars", "dir", "globals", "locals"}
REFUSED_MODULES = {"os", "subprocess", "shutil", "pathlib", "builtins", "socket", "urllib", "requests", "http", "ftplib", "smtplib", "pickle", "shelve", "marshal", "importlib", "pkgutil", "ctypes", "multiprocessing", "threading", "signal", "tempfile", "fileinput", "codecs", "pty", "fcntl", "resource", "syslog", "asyncio", "concurrent"}
plain_import = builtins.__import__

def guarded_import(name, globals=None, locals=None, fromlist=(), level=0):
    if name.split(".")[0] in REFUSED_MODULES:
        raise ImportError("Import of '%s' is not allowed in sandbox" % name)
    return plain_import(name, globals, locals, fromlist, level)

# As the reference runs (a script, where __builtins__ is the module): names starting with "_" are
# left out too, __build_class__ with them, so a class statement fails there as here.
allowed = {k: getattr(builtins, k) for k in dir(builtins) if k not in REFUSED_NAMES and not k.startswith("_")}
allowed["__name__"] = "__main__"
allowed["__doc__"] = None
allowed["__import__"] = guarded_import
allowed["__builtins__"] = allowed

class TransformTimeout(Exception):
    pass

def on_alarm(signum, frame):
    raise TransformTimeout("Transform execution exceeded %ss" % TIMEOUT)

def listed(value):
    if hasattr(value, "detach") and hasattr(value, "cpu"):
        value = value.detach().cpu().tolist()
    import numpy
    if isinstance(value, numpy.ndarray):
        return listed(value.tolist())
    if isinstance(value, numpy.integer):
        return int(value)
    if isinstance(value, numpy.floating):
        return float(value)
    if isinstance(value, numpy.bool_):
        return bool(value)
    if isinstance(value, (list, tuple)):
        return [listed(v) for v in value]
    if isinstance(value, dict):
        return {k: listed(v) for k, v in value.items()}
    return value

real_stdout = sys.stdout
sys.stdout = sys.stderr = io.StringIO()
try:
    scope = {"__builtins__": allowed}
    exec(SOURCE, scope)
    if "transform" not in scope:
        raise ValueError("No 'transform' function defined in code")
    signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(TIMEOUT)
    try:
        result = scope["transform"](GRID)
    finally:
        signal.alarm(0)
    line = json.dumps({"success": True, "result": None if result is None else listed(result)})
except Exception as e:
    line = json.dumps({"success": False, "error": "%s: %s" % (type(e).__name__, str(e)[:500])})
sys.stdout = real_stdout
print(line)
`;
}

/** One run: transform() of the program applied to the test input. */
export const transformRun = (program: string, testInput: Grid, timeoutS: number, limits: Limits): Request => ({
  language: "python",
  files: { "main.py": harness(timeoutS), "program.py": program },
  stdin: JSON.stringify(testInput),
  limits,
});

// Board(board=...) validates list[list[int]] as pydantic does, leniently: ints, bools, floats
// without a fraction, and strings of an int (spaces around and underscores between digits allowed).
const INT_TEXT = /^\s*[+-]?\d+(?:_\d+)*\s*$/;
const INT64 = 2 ** 63;

function cell(value: unknown): number | undefined {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "number") return Number.isInteger(value) && Math.abs(value) < INT64 ? value : undefined;
  if (typeof value === "string" && INT_TEXT.test(value)) return Number(value.trim().replaceAll("_", ""));
  return undefined;
}

/** The grid a run's stdout holds: the whole of it one success line with a valid board, else undefined. */
export function gridOf(stdout: string, exitCode: number | null): Grid | undefined {
  if (exitCode !== 0) return undefined;
  let record: unknown;
  try {
    record = JSON.parse(stdout.trim());
  } catch {
    return undefined;
  }
  if (typeof record !== "object" || record === null || Array.isArray(record)) return undefined;
  const { success, result } = record as { success?: unknown; result?: unknown };
  if (!success || !Array.isArray(result)) return undefined;
  const board: Grid = [];
  for (const row of result) {
    if (!Array.isArray(row)) return undefined;
    const cells = row.map(cell);
    if (cells.some((c) => c === undefined)) return undefined;
    board.push(cells as number[]);
  }
  if (board.length === 0 || board[0]!.length === 0) return undefined;
  return board.every((row) => row.length === board[0]!.length) ? board : undefined;
}
