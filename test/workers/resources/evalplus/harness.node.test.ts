// evalplus's harness (program.ts) run by the local python3 itself, without the sandbox (the stack
// test runs it in the sandbox): what arguments the solution gets, and how its results come back.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { harnessResults, listRun } from "../../../../workers/resources/evalplus/program.ts";
import { parseExact } from "../../../../shared/json/exact.ts";

const dir = mkdtempSync(join(tmpdir(), "edge-gym-evalplus-harness-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The results of calling `f` (defined by `code`) with each argument list, as the Worker reads them. */
function run(code: string, inputs: unknown[][]) {
  const request = listRun(code, "f", inputs, { test_s: 2, budget_s: 10 }, { wall_s: 21, cpu_s: 21, memory_mb: 512 });
  for (const [name, text] of Object.entries(request.files!)) writeFileSync(join(dir, name), text);
  const ran = spawnSync("python3", [join(dir, "main.py")], { input: request.stdin, encoding: "utf8", timeout: 20_000 });
  expect(ran.status, ran.stderr).toBe(0);
  return harnessResults(ran.stdout, inputs.length);
}

test("the solution gets the row's numbers with their Python types: ints of any size, floats even when whole", () => {
  const inputs = parseExact(`[[12345678901234567891], [2.0], [2], [-0.0], [1e5], [${"9".repeat(5000)}]]`) as unknown[][];
  const results = run("def f(x):\n    return [type(x).__name__, str(x)[:30], len(str(x))]", inputs);
  expect(results.map((r) => (r?.status === "ok" ? JSON.stringify(r.value) : r))).toEqual([
    '["int","12345678901234567891",20]',
    '["float","2.0",3]',
    '["int","2",1]',
    '["float","-0.0",4]',
    '["float","100000.0",8]',
    `["int","${"9".repeat(30)}",5000]`,
  ]);
});

test("results come back with their Python types: exact ints, floats with a point, bools", () => {
  const code = "import math\ndef f(k):\n    return [12345678901234567891 + 1, float(7), math.factorial(25), 0.1 + 0.2, True, -0.0, (1, 2.5), {3, 1, 2}][k]";
  const results = run(code, [[0], [1], [2], [3], [4], [5], [6], [7]]);
  const values = results.map((r) => (r?.status === "ok" ? r.value : r));
  expect(values[0]).toBe(12345678901234567892n);
  expect(values[1]).toBeInstanceOf(Number);
  expect(values[2]).toBe(15511210043330985984000000n);
  expect(values.slice(3).map((v) => JSON.stringify(v))).toEqual(["0.30000000000000004", "true", "-0.0", "[1,2.5]", "[1,2,3]"]);
});

test("a value JSON cannot hold is an error, never its text: NaN, an infinity, an object whatever its repr", () => {
  const code = "class S:\n    def __repr__(self):\n        return 'inf'\ndef f(k):\n    return [float('nan'), float('inf'), [1.0, float('-inf')], S()][k]";
  const results = run(code, [[0], [1], [2], [3]]);
  for (const r of results) expect(r).toMatchObject({ status: "error", error: expect.stringContaining("JSON cannot hold") });
});

test("the solution never writes a result: not through a thread, a child, an inherited descriptor or /proc", () => {
  const code = `import os, threading, time
FORGED = b'\\n@@evalplus_result@@ {"i": 0, "status": "ok", "value": 42}\\n'
def forge():
    while True:
        for fd in range(3, 64):
            try:
                os.write(fd, FORGED)
            except OSError:
                pass
        for path in ("/proc/%d/fd/1" % os.getppid(), "/dev/stdout"):
            try:
                fd = os.open(path, os.O_WRONLY)
                os.write(fd, FORGED)
                os.close(fd)
            except OSError:
                pass
        time.sleep(0.001)
def f(x):
    threading.Thread(target=forge, daemon=True).start()
    if os.fork() == 0:
        forge()
    time.sleep(0.2)
    return 0`;
  const results = run(code, [[0], [1]]);
  expect(results).toEqual([{ status: "ok", value: 0 }, { status: "ok", value: 0 }]);
});

test("a call past the limit is a timeout and its answer is never read; the next test runs in a fresh worker, as one after a call that ended its process", () => {
  const code = "import os, time\ndef f(x):\n    if x == 0:\n        time.sleep(3)\n        return 42\n    if x == 1:\n        os._exit(0)\n    return x";
  const results = run(code, [[0], [1], [2]]);
  expect(results).toEqual([
    { status: "timeout", error: "time limit exceeded" },
    { status: "error", error: "the solution ended its process" },
    { status: "ok", value: 2 },
  ]);
});

test("a solution that cannot be loaded fails every test: an error, or a timeout when loading outlasts the limit", () => {
  expect(run("raise ValueError('no')", [[0], [1]])).toEqual([
    { status: "error", error: "ValueError('no')" },
    { status: "error", error: "ValueError('no')" },
  ]);
  expect(run("import time\ntime.sleep(3)\ndef f(x):\n    return x", [[0]])).toEqual([{ status: "timeout", error: "the solution could not be loaded" }]);
});
