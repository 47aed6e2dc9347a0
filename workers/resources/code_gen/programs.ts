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

// Our harness reads the call's arguments (one JSON value a line, as LiveCodeBench reads them)
// before the solution can touch stdin, keeps its own os.write and os._exit, and writes the result
// last, then leaves without running the solution's exit hooks or flushing its buffered prints.
// A class Solution is instantiated first (LeetCode style), as LiveCodeBench does.
function harness(fnName: string, classBased: boolean): string {
  return `import json, os, sys
_write, _exit, _dumps = os.write, os._exit, json.dumps
args = [json.loads(line) for line in sys.stdin.read().split("\\n")]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import solution
target = solution.Solution() if ${classBased ? "True" : "False"} else solution
result = getattr(target, ${JSON.stringify(fnName)})(*args)
try:
    text = _dumps(result, allow_nan=False, default=repr)
except (ValueError, TypeError, RecursionError):
    text = _dumps(repr(result))
_write(1, ("\\n" + ${JSON.stringify(RESULT_MARKER)} + text + "\\n").encode())
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

/** The harness's result (its JSON text), or null when it never printed one. */
export function harnessResult(stdout: string): string | null {
  const line = stdout.split("\n").findLast((l) => l.startsWith(RESULT_MARKER));
  return line === undefined ? null : line.slice(RESULT_MARKER.length);
}
