// The Workers' sandbox client against a real local sandbox, a closed port and a lying server: a
// program that breaks its limits is a result; a sandbox that cannot run it is `sandbox_failed`.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { VerifierFailure } from "../../../shared/resources/failure.ts";
import { SANDBOX_FAILED, runInSandbox } from "../../../shared/sandbox/client.ts";
import { spawnSandbox } from "../../../scripts/stack/local_process.ts";
import type { LocalProcess } from "../../../scripts/stack/local_process.ts";

let sandbox: LocalProcess;
beforeAll(async () => {
  sandbox = await spawnSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});

const settings = (url: string) => ({ sandbox_url: url, sandbox_timeout_s: 30 });

test("a run, and a run past its wall limit, are both results", async () => {
  const ok = await runInSandbox(settings(sandbox.url), { language: "python", files: { "main.py": "print(input()[::-1])" }, stdin: "abc\n" });
  expect(ok).toMatchObject({ stdout: "cba\n", exit_code: 0, timed_out: false });
  const slow = await runInSandbox(settings(sandbox.url), { language: "python", files: { "main.py": "while True: pass" }, limits: { wall_s: 1, cpu_s: 5 } });
  expect(slow.timed_out).toBe(true);
});

test("no sandbox, or one that answers nonsense, is sandbox_failed, never a result", async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  const refused = runInSandbox(settings(`http://127.0.0.1:${port}`), { language: "python", files: { "main.py": "print(1)" } });
  await expect(refused).rejects.toBeInstanceOf(VerifierFailure);
  await expect(refused).rejects.toMatchObject({ failureClass: SANDBOX_FAILED });

  const liar = createServer((_req, res) => res.end('{"stdout": 5}'));
  await new Promise<void>((resolve) => liar.listen(0, "127.0.0.1", resolve));
  try {
    const lied = runInSandbox(settings(`http://127.0.0.1:${(liar.address() as AddressInfo).port}`), { language: "python", files: { "main.py": "print(1)" } });
    await expect(lied).rejects.toMatchObject({ failureClass: SANDBOX_FAILED, message: expect.stringContaining("not a run result") });
  } finally {
    liar.close();
  }
});
