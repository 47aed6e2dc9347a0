// evalplus's per-test limits under a saturated sandbox, for real: other rollouts' programs burn
// every core while a correct solution is graded. Its worker waits for a CPU most of the time; none
// of that is its own time, so each call that needs 0.3 s of CPU passes its 1 s limit (or, past the
// run's backstop, the list fails as infrastructure), never a timeout.
import { afterAll, beforeAll, expect, test } from "vitest";
import { spawnSandbox, type LocalProcess } from "../../../../scripts/stack/local_process.ts";
import { VerifierFailure } from "../../../../shared/resources/failure.ts";
import { SANDBOX_FAILED } from "../../../../shared/sandbox/client.ts";
import { EvalPlusConfig } from "../../../../workers/resources/evalplus/declaration.ts";
import { runList } from "../../../../workers/resources/evalplus/run_tests.ts";

// Seven burning runs and ours on 2 cores: ours gets about a quarter of a core.
const SLOTS = 8;
let sandbox: LocalProcess;

beforeAll(async () => {
  sandbox = await spawnSandbox(undefined, ["--parallel", String(SLOTS)]);
});
afterAll(async () => {
  await sandbox?.stop();
});

/** Keeps every other slot burning CPU until `done` settles. */
async function saturate(done: Promise<unknown>): Promise<void> {
  let over = false;
  void done.finally(() => (over = true));
  const headers = { "content-type": "application/json", ...(sandbox.token ? { authorization: `Bearer ${sandbox.token}` } : {}) };
  const body = JSON.stringify({ language: "python", files: { "main.py": "import time\nend = time.time() + 3\nwhile time.time() < end: pass" }, limits: { wall_s: 6 } });
  await Promise.all(
    Array.from({ length: SLOTS - 1 }, async () => {
      while (!over) await fetch(`${sandbox.url}/run`, { method: "POST", headers, body });
    }),
  );
}

const SOLUTION = "import time\ndef f(x):\n    end = time.process_time() + 0.3\n    while time.process_time() < end:\n        pass\n    return x + 1";

test("a correct solution that needs 0.3 s of CPU a call passes its 1 s limits on a saturated machine, or fails as infrastructure", async () => {
  const config = EvalPlusConfig.parse({ sandbox_url: sandbox.url, test_timeout_secs: 1, memory_mb: 512 });
  const tests = [1, 2, 3].map((x) => ({ input: [x], output: x + 1 }));
  const started = new Promise((resolve) => setTimeout(resolve, 1000));
  let graded!: Promise<Awaited<ReturnType<typeof runList>>>;
  const saturated = saturate(
    started.then(() => {
      graded = runList(SOLUTION, "f", tests, 0, config, { settings: config, ...(sandbox.token ? { token: sandbox.token } : {}) });
      return graded.catch(() => undefined);
    }),
  );
  await started;
  const outcome = await graded.catch((err: unknown) => err);
  await saturated;
  if (outcome instanceof VerifierFailure) expect(outcome.failureClass).toBe(SANDBOX_FAILED);
  else expect(outcome).toEqual({ status: "pass", details: [true, true, true], first_failure: null });
}, 60_000);

test("the limits are the solution's own time: a call that sleeps past its limit times out, as EvalPlus's wall-clock limits have it", async () => {
  const config = EvalPlusConfig.parse({ sandbox_url: sandbox.url, test_timeout_secs: 1, memory_mb: 512 });
  const target = { settings: config, ...(sandbox.token ? { token: sandbox.token } : {}) };
  const sleeper = "import time\ndef f(x):\n    time.sleep(1.5)\n    return x + 1";
  const outcome = await runList(sleeper, "f", [{ input: [1], output: 2 }, { input: [2], output: 3 }], 0, config, target);
  expect(outcome).toEqual({ status: "timeout", details: [false, false], first_failure: { index: 0, reason: "time limit exceeded" } });
}, 60_000);
