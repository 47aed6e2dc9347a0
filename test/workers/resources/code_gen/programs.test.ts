import { describe, expect, test } from "vitest";
import { callRun, harnessResult, RESULT_MARKER, stdioRun } from "../../../../workers/resources/code_gen/programs.ts";

describe("code_gen: what the sandbox runs", () => {
  test("a stdin/stdout test runs the solution after LiveCodeBench's imports, the input as stdin", () => {
    const run = stdioRun("print(gcd(4, 6))", "4\n", { wall_s: 3 });
    expect(run).toMatchObject({ language: "python", stdin: "4\n", limits: { wall_s: 3 } });
    expect(Object.keys(run.files!)).toEqual(["main.py"]);
    expect(run.files!["main.py"]).toMatch(/^from string import \*\n[\s\S]*from math import \*[\s\S]*sys\.setrecursionlimit\(50000\)\nprint\(gcd\(4, 6\)\)$/);
  });

  test("a function-call test runs our harness, the solution beside it as a module", () => {
    const run = callRun("def f(a, b): return a + b", "f", "1\n2", {});
    expect(run.stdin).toBe("1\n2");
    expect(run.files!["solution.py"]!.endsWith("\ndef f(a, b): return a + b")).toBe(true);
    const harness = run.files!["main.py"]!;
    // Arguments are read, the writer forked and stdout given up before the solution is imported.
    expect(harness.indexOf("sys.stdin.read()")).toBeLessThan(harness.indexOf("os.fork()"));
    expect(harness.indexOf("os.dup2(null, 1)")).toBeLessThan(harness.indexOf("import solution"));
    expect(harness).toContain('getattr(target, "f")(*args)');
    expect(harness).toContain("solution.Solution() if False else solution");
  });

  test("a LeetCode-style class Solution is instantiated first", () => {
    expect(callRun("class Solution:\n    def f(self): ...", "f", "", {}).files!["main.py"]).toContain("solution.Solution() if True else solution");
  });

  test("a function name is a quoted string literal, never code", () => {
    expect(callRun("", 'f")\nimport os #', "", {}).files!["main.py"]).toContain('getattr(target, "f\\")\\nimport os #")');
  });

  test("the result is the last marked line; none is no result", () => {
    expect(harnessResult(`${RESULT_MARKER}[1]\nprint\n\n${RESULT_MARKER}[2]\n`)).toBe("[2]");
    expect(harnessResult("[1, 3, 6]\n")).toBeNull();
  });
});
