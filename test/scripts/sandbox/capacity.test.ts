// A full sandbox, for real (one slot): waiting for a slot never counts against a run, a wait past the
// queue's limit is refused as never started (so the caller's sandbox_failed, not a result), and a
// caller that goes away takes its run with it, queued or running.
import { afterAll, beforeAll, expect, test } from "vitest";
import { startSandbox, type SandboxServer } from "../../../scripts/sandbox/server.ts";
import { UNPROCESSED_HEADER } from "../../../shared/client/call.ts";
import { SANDBOX_FAILED, runInSandbox } from "../../../shared/sandbox/client.ts";

let sandbox: SandboxServer;

beforeAll(async () => {
  sandbox = await startSandbox({ parallel: 1, queueTimeoutMs: 1500 });
});
afterAll(async () => {
  await sandbox?.close();
});

const sleeper = (seconds: number) => ({ language: "python", files: { "main.py": `import time\ntime.sleep(${seconds})\nprint("slept")` }, limits: { wall_s: seconds + 5 } });

function post(body: object, signal?: AbortSignal): Promise<Response> {
  return fetch(`${sandbox.url}/run`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal });
}

async function load(): Promise<{ running: number; waiting: number }> {
  return ((await (await fetch(`${sandbox.url}/health`)).json()) as { runs: { running: number; waiting: number } }).runs;
}

test("a run that waits for the slot is not charged for the wait: its limits start with its program", async () => {
  const holder = post(sleeper(0.5));
  await expect.poll(load).toEqual({ running: 1, waiting: 0 });
  const waiter = await post({ language: "python", files: { "main.py": "print('ok')" }, limits: { wall_s: 1 } });
  expect(await waiter.json()).toMatchObject({ stdout: "ok\n", timed_out: false, exit_code: 0 });
  expect(await (await holder).json()).toMatchObject({ stdout: "slept\n" });
});

test("a wait past the queue's limit is a 503 marked unprocessed; through the client, sandbox_failed", async () => {
  const holder = post(sleeper(5));
  await expect.poll(load).toEqual({ running: 1, waiting: 0 });
  const refused = await post({ language: "python", files: { "main.py": "print('never')" } });
  expect(refused.status).toBe(503);
  expect(refused.headers.get(UNPROCESSED_HEADER)).toBe("1");
  expect(await refused.json()).toMatchObject({ error: expect.stringContaining("no free slot") });
  const viaClient = runInSandbox({ sandbox_url: sandbox.url, sandbox_timeout_s: 30 }, { language: "python", files: { "main.py": "print('never')" } });
  await expect(viaClient).rejects.toMatchObject({ failureClass: SANDBOX_FAILED });
  await holder;
}, 20_000);

test("a caller that goes away leaves the queue, and its running run is killed", async () => {
  const holding = new AbortController();
  const queued = new AbortController();
  const holder = post(sleeper(30), holding.signal).catch(() => undefined);
  await expect.poll(load).toEqual({ running: 1, waiting: 0 });
  const waiter = post(sleeper(30), queued.signal).catch(() => undefined);
  await expect.poll(load).toEqual({ running: 1, waiting: 1 });
  queued.abort();
  await expect.poll(load).toEqual({ running: 1, waiting: 0 });
  holding.abort();
  await expect.poll(load).toEqual({ running: 0, waiting: 0 });
  await Promise.all([holder, waiter]);
});
