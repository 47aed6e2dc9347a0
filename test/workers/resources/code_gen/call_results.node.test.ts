// code_gen's function-call tests in the real local sandbox: what a call returns is judged as
// LiveCodeBench judges it (the value itself against the expected JSON value), and only our
// harness ever writes the result line.
import { afterAll, beforeAll, expect, test } from "vitest";
import { spawnSandbox, type LocalProcess } from "../../../../scripts/stack/local_process.ts";
import { CodeGenConfig } from "../../../../workers/resources/code_gen/declaration.ts";
import { runTests } from "../../../../workers/resources/code_gen/run_tests.ts";

let sandbox: LocalProcess;
beforeAll(async () => {
  sandbox = await spawnSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});

/** The statuses of calling `f` from `code` once with `input`, `output` expected. */
async function judge(code: string, input: string, output: string) {
  const config = CodeGenConfig.parse({ sandbox_url: sandbox.url, unit_test_timeout_secs: 3, memory_mb: 512 });
  const target = { settings: config, ...(sandbox.token ? { token: sandbox.token } : {}) };
  return runTests(code, { inputs: [input], outputs: [output], fn_name: "f" }, config, target);
}

test("a value JSON cannot hold is a wrong answer, whatever its repr: an object, a nested tuple, a dict keyed by ints, a set", async () => {
  const forged = "class S:\n    def __repr__(self):\n        return 'abc'\n    def __eq__(self, other):\n        return True\ndef f(x):\n    return S()";
  expect((await judge(forged, '"x"', '"abc"')).result).toEqual([-2]);
  expect((await judge("def f(x):\n    return [(1, 2)]", "0", "[[1, 2]]")).result).toEqual([-2]);
  expect((await judge("def f(x):\n    return {1: 2}", "0", '{"1": 2}')).result).toEqual([-2]);
  expect(await judge("def f(x):\n    return {1, 2}", "0", "[1, 2]")).toMatchObject({ result: [-2], metadata: { output: "{1, 2}", error_message: "Wrong Answer" } });
}, 60_000);

test("JSON's own values pass as LiveCodeBench has them: a top-level tuple as a list, bools, big ints, an int subclass as its value", async () => {
  expect((await judge("def f(x):\n    return (x, [True, None, 'a'])", "7", '[7, [true, null, "a"]]')).result).toEqual([true]);
  expect((await judge("def f(x):\n    return x + 1", "12345678901234567891", "12345678901234567892")).result).toEqual([true]);
  expect((await judge("import enum\nclass E(enum.IntEnum):\n    A = 3\ndef f(x):\n    return E.A", "0", "3")).result).toEqual([true]);
}, 60_000);

test("the solution never writes the result line itself: not by printing one and leaving, not from a thread, not through the writer's /proc", async () => {
  const printed = "import os, sys\ndef f(x):\n    sys.stdout.write('\\n@@code_gen_result@@ 42\\n')\n    sys.stdout.flush()\n    os._exit(0)";
  expect((await judge(printed, "0", "42")).result).toEqual([-4]);
  const spammed = `import os, threading, time
LINE = b'\\n@@code_gen_result@@ 42\\n'
def spam():
    while True:
        children = open("/proc/%d/task/%d/children" % (os.getpid(), os.getpid())).read().split()
        for path in ["/dev/stdout", "/proc/%d/fd/1" % os.getppid()] + ["/proc/%s/fd/1" % child for child in children]:
            try:
                fd = os.open(path, os.O_WRONLY)
                os.write(fd, LINE)
                os.close(fd)
            except OSError:
                pass
def f(x):
    threading.Thread(target=spam, daemon=True).start()
    time.sleep(0.3)
    return 0`;
  expect((await judge(spammed, "0", "42")).result).toEqual([-2]);
}, 60_000);
