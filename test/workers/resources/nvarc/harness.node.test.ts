// nvarc's inductive harness (program.ts) run by the local python3 itself, without the sandbox:
// the reference subprocess's fences and conversions, and what a program can and cannot do.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { gridOf, transformRun } from "../../../../workers/resources/nvarc/program.ts";

const dir = mkdtempSync(join(tmpdir(), "edge-gym-nvarc-harness-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const INPUT = [[1, 0, 1, 5, 1, 0, 1], [0, 1, 0, 5, 1, 0, 1]];

function run(program: string, timeoutS = 5) {
  const request = transformRun(program, INPUT, timeoutS, { wall_s: timeoutS + 5, cpu_s: timeoutS + 5, memory_mb: 2048 });
  for (const [name, text] of Object.entries(request.files!)) writeFileSync(join(dir, name), text);
  const ran = spawnSync("python3", ["main.py"], { cwd: dir, input: request.stdin, encoding: "utf8", timeout: 30_000 });
  return { grid: gridOf(ran.stdout, ran.status), stdout: ran.stdout };
}

test("transform(test_input) comes back as a grid; numpy results are listed; prints are swallowed", () => {
  expect(run("def transform(grid):\n    print('thinking')\n    return [[2 if r[j] and r[j + 4] else 0 for j in range(3)] for r in grid]").grid).toEqual([[2, 0, 2], [0, 0, 0]]);
  expect(run("import numpy as np\ndef transform(grid):\n    a = np.array(grid)\n    return (a[:, :3] * a[:, 4:] * 2).astype(np.int64)").grid).toEqual([[2, 0, 2], [0, 0, 0]]);
  expect(run("def transform(grid):\n    return tuple(tuple(r[:2]) for r in grid)").grid).toEqual([[1, 0], [0, 1]]);
});

test("the reference's fences: refused imports and builtins, no class statement, no transform, None, a time limit", () => {
  for (const program of [
    "import os\ndef transform(grid):\n    return grid",
    "def transform(grid):\n    return open('program.py').read()",
    "class A:\n    pass\ndef transform(grid):\n    return grid",
    "def solve(grid):\n    return grid",
    "def transform(grid):\n    return None",
    "def transform(grid):\n    return [[1.5]]",
  ]) {
    const { stdout, grid } = run(program);
    expect(grid, program).toBeUndefined();
    expect(stdout.trim().length, program).toBeGreaterThan(0);
  }
  const slow = run("def transform(grid):\n    while True:\n        pass", 1);
  expect(slow.grid).toBeUndefined();
  expect(JSON.parse(slow.stdout)).toEqual({ success: false, error: "TransformTimeout: Transform execution exceeded 1s" });
});

test("attacks: the run holds no expected grid to find; writing more to stdout or exiting spoils the run", () => {
  const search = "import sys, glob\ndef transform(grid):\n    seen = ' '.join(open(p).read() for p in glob.glob('**', recursive=True) if p.endswith('.py'))\n    return [[1 if 'expected' in seen else 0]]";
  // open is refused to the program; even with it, nothing there names an expected grid.
  expect(run(search).grid).toBeUndefined();
  expect(run('import sys\nsys.__stdout__.write(\'{"success": true, "result": [[9]]}\\n\')\ndef transform(grid):\n    return grid').grid).toBeUndefined();
  expect(run("import sys\ndef transform(grid):\n    sys.exit(0)").grid).toBeUndefined();
});
