// scripts/python_client/edge_gym_client.py, the trainers' standard-library client, driven with python3: against
// a real local stack (workerd + the vLLM emulator) in both modes, and its retry rules against a
// fake agent on loopback that answers exactly what each rule is about.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { readJsonl } from "../../stack_helpers.ts";
import { bringUp } from "../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../scripts/stack/up.ts";

const CLIENT = "scripts/python_client/edge_gym_client.py";
const dir = mkdtempSync(join(tmpdir(), "edge-gym-pyclient-"));
let files = 0;

function writeRows(rows: object[]): string {
  const path = join(dir, `rows-${files++}.jsonl`);
  writeFileSync(path, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
  return path;
}

/** Runs the client CLI; resolves with its exit code, output lines and stderr. */
function runClient(url: string, rows: object[], extra: string[] = []) {
  const input = writeRows(rows);
  const output = join(dir, `out-${files++}.jsonl`);
  return new Promise<{ code: number | null; lines: any[]; stderr: string; elapsedMs: number }>((resolve, reject) => {
    const began = Date.now();
    const child = spawn("python3", [CLIENT, "--url", url, "--input", input, "--output", output, ...extra], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, lines: readJsonl(output), stderr, elapsedMs: Date.now() - began }));
  });
}

describe("against a local stack with the emulator", () => {
  let running: RunningStack;
  let agentUrl: string;
  const rows = readJsonl("workers/resources/example_session_state_mgmt/data/example.jsonl");

  beforeAll(async () => {
    running = await bringUp({ headPort: 0, emulatorArgs: ["--seed", "7", "--p-correct", "0.6"] });
    agentUrl = running.stack.instances.find((i) => i.name === "example_session_state_mgmt_simple_agent")!.url;
  });
  afterAll(async () => {
    await running?.stop();
  });

  test.each(["async", "sync"])("%s mode: every row comes back once, each with a reward", async (mode) => {
    const input = [...rows, ...rows];
    const { code, lines, stderr } = await runClient(agentUrl, input, ["--concurrency", "3", "--mode", mode]);
    expect(stderr).toContain(`${input.length} rows, ${input.length} results, 0 failures`);
    expect(code).toBe(0);
    expect(lines.map((l) => l.index).sort((a, b) => a - b)).toEqual(input.map((_, i) => i));
    for (const line of lines) {
      expect(line.failure).toBeUndefined();
      expect([0, 1]).toContain(line.result.reward);
      expect(line.result.expected_count).toBe(input[line.index].expected_count);
      expect(line.result.response.output.some((i: any) => i.type === "function_call")).toBe(true);
    }
  });
});

// -- the retry rules, against a fake agent ------------------------------------------------------

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: any;
  at: number;
}

type Handler = (req: Seen, res: ServerResponse, n: number) => void;

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A loopback server answering with `handler`; `seen` lists every request it read. */
async function fakeAgent(handler: Handler) {
  const seen: Seen[] = [];
  server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk) => (text += chunk));
    req.on("end", () => {
      const request = { method: req.method!, path: req.url!, headers: req.headers, body: text ? JSON.parse(text) : undefined, at: Date.now() };
      seen.push(request);
      handler(request, res, seen.length);
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, seen };
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};
const row = (i: number, extra: object = {}) => ({ responses_create_params: { input: `task ${i}` }, task: i, ...extra });
const result = (req: Seen) => ({ ...req.body, reward: 1 });
const sync = ["--mode", "sync", "--max-attempts", "3"];

describe("sync mode retries only what cannot have run", () => {
  test("a 503 marked unprocessed is retried, and the retry's result is the row's", async () => {
    const agent = await fakeAgent((req, res, n) => (n === 1 ? json(res, 503, { error: { type: "upstream_unavailable" } }, { "x-edge-gym-unprocessed": "1" }) : json(res, 200, result(req))));
    const { code, lines } = await runClient(agent.url, [row(0)], sync);
    expect(code).toBe(0);
    expect(agent.seen).toHaveLength(2);
    expect(lines).toEqual([{ index: 0, result: { ...row(0), reward: 1 } }]);
  });

  test("a connection reset before any response byte is retried", async () => {
    const agent = await fakeAgent((req, res, n) => (n === 1 ? res.socket!.destroy() : json(res, 200, result(req))));
    const { code, lines } = await runClient(agent.url, [row(0)], sync);
    expect(code).toBe(0);
    expect(agent.seen).toHaveLength(2);
    expect(lines[0].result.reward).toBe(1);
  });

  test.each([
    [502, {}, "bad_upstream_response"],
    [504, {}, "deadline_exceeded"],
    [503, {}, "upstream_unavailable"],
  ])("a %i (not marked unprocessed) may have run: one attempt, then a failure with its class", async (status, headers, type) => {
    const agent = await fakeAgent((_req, res) => json(res, status, { error: { type, message: "hop failed", hop: "policy_model/v1/responses" } }, headers));
    const { code, lines } = await runClient(agent.url, [row(0)], sync);
    expect(code).toBe(1);
    expect(agent.seen).toHaveLength(1);
    expect(lines).toEqual([{ index: 0, failure: { _ng_failure_class: type, error: { type, message: "hop failed", hop: "policy_model/v1/responses" } } }]);
  });

  test("a 429 is retried after its Retry-After; retries are bounded", async () => {
    const limited = await fakeAgent((req, res, n) => (n === 1 ? json(res, 429, { error: { type: "rate_limited" } }, { "retry-after": "1" }) : json(res, 200, result(req))));
    const first = await runClient(limited.url, [row(0)], sync);
    expect(first.code).toBe(0);
    expect(limited.seen[1]!.at - limited.seen[0]!.at).toBeGreaterThanOrEqual(1000);
    await new Promise<void>((resolve) => server!.close(() => resolve()));

    const down = await fakeAgent((_req, res) => json(res, 503, { error: { type: "upstream_unavailable" } }, { "x-edge-gym-unprocessed": "1" }));
    const { code, lines } = await runClient(down.url, [row(0)], sync);
    expect(code).toBe(1);
    expect(down.seen).toHaveLength(3);
    expect(lines[0].failure._ng_failure_class).toBe("upstream_unavailable");
    expect(lines[0].failure.error).toMatch(/after 3 attempts/);
  });

  test("a verifier's failure class is a failure, never a result", async () => {
    const agent = await fakeAgent((req, res) => json(res, 200, { ...req.body, reward: 0, _ng_failure_class: "judge_failed", error: "judge down" }));
    const { lines } = await runClient(agent.url, [row(0)], sync);
    expect(lines).toEqual([{ index: 0, failure: { _ng_failure_class: "judge_failed", error: "judge down" } }]);
  });
});

/** An async agent: 202 on submit, then "running" for `pollsUntilDone` polls per rollout. */
function asyncAgent(options: { delayMs?: (body: any) => number; onSubmit?: (req: Seen, res: ServerResponse, n: number) => boolean } = {}) {
  const rollouts = new Map<string, { body: any; doneAt: number }>();
  const live = { now: 0, max: 0 };
  return fakeAgent((req, res, n) => {
    if (req.method === "POST") {
      if (options.onSubmit?.(req, res, n)) return;
      const id = req.headers["idempotency-key"] as string;
      if (!rollouts.has(id)) {
        rollouts.set(id, { body: req.body, doneAt: Date.now() + (options.delayMs?.(req.body) ?? 0) });
        live.max = Math.max(live.max, ++live.now);
      }
      json(res, 202, { rollout_id: id, status: "queued" }, { location: `/rollouts/${id}` });
      return;
    }
    const id = req.path.split("/").pop()!;
    const rollout = rollouts.get(id)!;
    if (Date.now() < rollout.doneAt) return json(res, 200, { rollout_id: id, status: "running" });
    if (rollout.doneAt > 0) {
      live.now--;
      rollout.doneAt = 0;
    }
    json(res, 200, { rollout_id: id, status: "completed", result: { ...rollout.body, reward: 1 } });
  }).then((agent) => ({ ...agent, rollouts, live }));
}

describe("async mode", () => {
  test("submits with Prefer and an Idempotency-Key, polls the Location, and sends the bearer token", async () => {
    const agent = await asyncAgent({ delayMs: () => 300 });
    const { code, lines } = await runClient(agent.url, [row(0)], ["--token", "secret-token"]);
    expect(code).toBe(0);
    expect(lines).toEqual([{ index: 0, result: { ...row(0), reward: 1 } }]);
    const [submit, ...polls] = agent.seen;
    expect(submit!.headers.prefer).toBe("respond-async");
    expect(submit!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(polls.length).toBeGreaterThan(1);
    for (const request of agent.seen) expect(request.headers.authorization).toBe("Bearer secret-token");
    expect(polls.every((p) => p.method === "GET" && p.path === `/rollouts/${submit!.headers["idempotency-key"]}`)).toBe(true);
  });

  test("a submit whose answer was lost, or that got a 502, is resubmitted with the same key", async () => {
    const agent = await asyncAgent({
      onSubmit: (_req, res, n) => {
        if (n === 1) res.socket!.destroy();
        else if (n === 2) json(res, 502, { error: { type: "bad_upstream_response" } });
        return n <= 2;
      },
    });
    const { code, lines } = await runClient(agent.url, [row(0)], []);
    expect(code).toBe(0);
    expect(lines[0].result.reward).toBe(1);
    const submits = agent.seen.filter((s) => s.method === "POST");
    expect(submits).toHaveLength(3);
    expect(new Set(submits.map((s) => s.headers["idempotency-key"])).size).toBe(1);
    expect(agent.rollouts.size).toBe(1);
  });

  test("a stored failure comes back as the row's failure", async () => {
    const agent = await fakeAgent((req, res) =>
      req.method === "POST"
        ? json(res, 202, { rollout_id: "r1", status: "queued" }, { location: "/rollouts/r1" })
        : json(res, 200, { rollout_id: "r1", status: "failed", failure: { _ng_failure_class: "deadline_exceeded", error: { type: "deadline_exceeded" } } }),
    );
    const { code, lines } = await runClient(agent.url, [row(0)], []);
    expect(code).toBe(1);
    expect(lines).toEqual([{ index: 0, failure: { _ng_failure_class: "deadline_exceeded", error: { type: "deadline_exceeded" } } }]);
  });

  test("at most --concurrency rollouts at once, results written as they complete", async () => {
    // Row 0 is slow: with results as they complete, it is the last line, not the first.
    const agent = await asyncAgent({ delayMs: (body) => (body.task === 0 ? 1500 : 150) });
    const rows = Array.from({ length: 12 }, (_, i) => row(i));
    const { code, lines } = await runClient(agent.url, rows, ["--concurrency", "4"]);
    expect(code).toBe(0);
    expect(lines).toHaveLength(12);
    expect(agent.live.max).toBe(4);
    expect(lines.at(-1).index).toBe(0);
    expect(lines.map((l) => l.index).sort((a, b) => a - b)).toEqual(rows.map((_, i) => i));
  });
});

test("a bad input line stops the run before any request, naming the line (exit 2)", async () => {
  const agent = await fakeAgent((req, res) => json(res, 200, result(req)));
  const path = join(dir, "bad.jsonl");
  writeFileSync(path, `${JSON.stringify(row(0))}\nnot json\n`);
  const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn("python3", [CLIENT, "--url", agent.url, "--input", path, "--output", join(dir, "bad-out.jsonl")], { stdio: ["ignore", "ignore", "pipe"] });
    let text = "";
    child.stderr.on("data", (chunk) => (text += chunk));
    child.on("close", (exit) => resolve({ code: exit, stderr: text }));
  });
  expect(code).toBe(2);
  expect(stderr).toContain("bad.jsonl:2: not JSON");
  expect(agent.seen).toHaveLength(0);
});
