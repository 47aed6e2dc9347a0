// code_gen's tests under a saturated sandbox, for real: other rollouts' slow programs (sleeping and
// busy) hold every slot while a correct solution is graded. Its runs wait for slots and share the
// CPU; none of that is its own time, so it scores 1 (or, past the sandbox's deadlines, fails as
// infrastructure), never 0.
import { afterAll, beforeAll, expect, test } from "vitest";
import { spawnSandbox, type LocalProcess } from "../../../../scripts/stack/local_process.ts";
import { VerifierFailure } from "../../../../shared/resources/failure.ts";
import { SANDBOX_FAILED } from "../../../../shared/sandbox/client.ts";
import { CodeGenConfig } from "../../../../workers/resources/code_gen/declaration.ts";
import { runTests } from "../../../../workers/resources/code_gen/run_tests.ts";

const SLOTS = 2;
let sandbox: LocalProcess;

beforeAll(async () => {
  sandbox = await spawnSandbox(undefined, ["--parallel", String(SLOTS)]);
});
afterAll(async () => {
  await sandbox?.stop();
});

const SLOW = ["import time\ntime.sleep(4)", "import time\nend = time.time() + 4\nwhile time.time() < end: pass"];

/** Keeps every slot taken by slow programs until `done` settles. */
async function saturate(done: Promise<unknown>): Promise<void> {
  let over = false;
  void done.finally(() => (over = true));
  const headers = { "content-type": "application/json", ...(sandbox.token ? { authorization: `Bearer ${sandbox.token}` } : {}) };
  await Promise.all(
    Array.from({ length: SLOTS }, async (_, i) => {
      while (!over) {
        const body = { language: "python", files: { "main.py": SLOW[i % SLOW.length] }, limits: { wall_s: 6 } };
        await fetch(`${sandbox.url}/run`, { method: "POST", headers, body: JSON.stringify(body) });
      }
    }),
  );
}

test("a correct solution under a saturated sandbox scores 1 or fails as infrastructure, never 0", async () => {
  // Three tests of 2 s each, 5 s for the task: less than the runs wait for their slots.
  const config = CodeGenConfig.parse({ sandbox_url: sandbox.url, unit_test_timeout_secs: 2, task_timeout_secs: 5, memory_mb: 512 });
  const tests = { inputs: ["1 2\n", "20 22\n", "-5 5\n"], outputs: ["3\n", "42\n", "0\n"] };
  const started = new Promise((resolve) => setTimeout(resolve, 500));
  let graded!: Promise<Awaited<ReturnType<typeof runTests>>>;
  const saturated = saturate(
    started.then(() => {
      graded = runTests("a, b = map(int, input().split())\nprint(a + b)", tests, config, { settings: config, ...(sandbox.token ? { token: sandbox.token } : {}) });
      return graded.catch(() => undefined);
    }),
  );
  await started;
  const outcome = await graded.catch((err: unknown) => err);
  await saturated;
  if (outcome instanceof VerifierFailure) expect(outcome.failureClass).toBe(SANDBOX_FAILED);
  else expect(outcome).toMatchObject({ result: [true, true, true] });
}, 60_000);
