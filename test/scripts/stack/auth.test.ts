// A local stack started with tokens (`start --auth-token`): every listener that can run code, spend
// a key or reach a rollout's state refuses a caller without the token, on its own port and through
// the head's (Miniflare's route override), while the stack's own Workers call each other (service
// bindings) and the sandbox (its per-run secret) as before. The sandbox takes only that secret.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bringUp } from "../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../scripts/stack/up.ts";

const AGENT = "math_with_code_simple_agent";
const TOKEN = "trainer-token-0123456789abcdef";
// A second caller, to spend a whole rate limit without touching the trainer's.
const FLOOD_TOKEN = "flood-token-0123456789abcdef";
const ADMIN_KEY = "admin-key-0123456789abcdef";
const ROW = readFileSync("workers/resources/math_with_code/data/example.jsonl", "utf8").split("\n")[0]!;

let running: RunningStack;

beforeAll(async () => {
  running = await bringUp({
    headPort: 0,
    only: [AGENT],
    authTokens: `trainer:${TOKEN},flood:${FLOOD_TOKEN}`,
    overrides: [`++policy_model.responses_api_models.vllm_model.gateway={admin_api_key: ${ADMIN_KEY}}`],
  });
});
afterAll(async () => {
  await running?.stop();
});

const url = (worker: string) => running.stack.urls.get(worker)!;

// What each kind of server does for a caller: run a rollout (code, the model's key), call a tool
// (code in the sandbox), seed, verify, MCP, spend the fleet's key, read config. Every Worker gets
// every route: one that is not its own must be refused as well, not answered 404.
const CHAT = JSON.stringify({ model: "m", messages: [{ role: "user", content: "hi" }] });
const ROUTES: [method: string, path: string, body?: string][] = [
  ["POST", "/run", ROW],
  ["GET", "/rollouts/some-rollout"],
  ["POST", "/seed_session", ROW],
  ["POST", "/execute_python", JSON.stringify({ code: "print(1)" })],
  ["POST", "/verify", ROW],
  ["POST", "/mcp", JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" })],
  ["POST", "/close_session", "{}"],
  ["POST", "/v1/chat/completions", CHAT],
  ["POST", "/v1/responses", JSON.stringify({ input: "hi" })],
  ["POST", "/tokenize", JSON.stringify({ prompt: "hi" })],
  ["GET", "/v1/models"],
  ["GET", "/server_instances"],
  ["GET", "/global_config_dict_yaml"],
];

const WRONG: (string | undefined)[] = [
  undefined,
  "Bearer wrong-token-0123456789abcdef",
  `Bearer ${TOKEN}x`,
  `Bearer ${TOKEN.slice(0, -1)}`,
  `Bearer trainer:${TOKEN}`,
  `Basic ${TOKEN}`,
  TOKEN,
  `Bearer ${TOKEN} ${TOKEN}`,
  "Bearer ",
];

function send(base: string, [method, path, body]: (typeof ROUTES)[number], headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, { method, headers: { "content-type": "application/json", ...headers }, body });
}

describe("with --auth-token", () => {
  test("every Worker's port refuses every route to a caller without the token, or with a wrong one or one of the wrong form; liveness stays open", async () => {
    expect([...running.stack.urls.keys()].sort()).toEqual(["head", AGENT, "math_with_code", "policy_model", "policy_model_gpu_gateway"].sort());
    for (const [worker, base] of running.stack.urls) {
      expect((await fetch(`${base}/`)).status, worker).toBe(200);
      for (const route of ROUTES) {
        for (const authorization of WRONG) {
          const res = await send(base, route, authorization === undefined ? {} : { authorization });
          expect(res.status, `${worker} ${route[0]} ${route[1]} ${authorization}`).toBe(401);
          expect(((await res.json()) as { error: { type: string } }).error.type).toBe("unauthorized");
        }
      }
    }
  });

  test("the head's port, whose Miniflare entry routes a request to any Worker by name, refuses the same", async () => {
    for (const worker of running.stack.urls.keys()) {
      for (const route of ROUTES) {
        const res = await send(running.stack.headUrl, route, { "MF-Route-Override": worker });
        expect(res.status, `${worker} ${route[1]}`).toBe(401);
      }
    }
  });

  test("with the token, a rollout runs its code in the sandbox and is scored: the Workers' own calls need no token", async () => {
    const res = await fetch(`${url(AGENT)}/run`, { method: "POST", headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" }, body: ROW });
    expect(res.status).toBe(200);
    const result = (await res.json()) as { reward: unknown; _ng_failure_class?: string; response: { output: { type: string; output?: string }[] } };
    expect(result._ng_failure_class).toBeUndefined();
    expect(typeof result.reward).toBe("number");
    const outputs = result.response.output.filter((item) => item.type === "function_call_output");
    expect(outputs.length).toBeGreaterThan(0);
    for (const item of outputs) expect(item.output).not.toMatch(/sandbox_failed|unauthorized/);
  });

  test("with the token, the internal Workers' ports serve: a model server and the gateway relay to the fleet", async () => {
    const authorization = `Bearer ${TOKEN}`;
    expect((await send(url("policy_model"), ["POST", "/v1/chat/completions", CHAT], { authorization })).status).toBe(200);
    expect((await send(url("policy_model_gpu_gateway"), ["POST", "/v1/chat/completions", CHAT], { authorization })).status).toBe(200);
    expect((await send(url("math_with_code"), ["GET", "/server_instances"], { authorization })).status).toBe(404);
  });

  test("the gateway's operator routes take its admin key, which goes where a token would, and never a trainer's token", async () => {
    const endpoints = (authorization?: string) => fetch(`${url("policy_model_gpu_gateway")}/admin/endpoints`, { headers: authorization ? { authorization } : {} });
    expect((await endpoints(`Bearer ${ADMIN_KEY}`)).status).toBe(200);
    for (const authorization of [undefined, `Bearer ${TOKEN}`, `Bearer ${ADMIN_KEY}x`]) expect((await endpoints(authorization)).status, authorization).toBe(401);
    const pause = await fetch(`${url("policy_model_gpu_gateway")}/admin/pause`, { method: "POST", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(pause.status).toBe(401);
  });

  test("each Worker rate-limits a caller on its own, as deployed: a caller over its limit on one Worker is not on another", async () => {
    const authorization = `Bearer ${FLOOD_TOKEN}`;
    // 600 a minute: 1,201 requests cross at most one window boundary, so at least one is refused.
    const statuses: number[] = [];
    let sent = 0;
    const flood = async () => {
      while (sent++ < 1201) {
        const res = await fetch(`${url("policy_model")}/no_such_route`, { headers: { authorization } });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
    };
    await Promise.all(Array.from({ length: 8 }, flood));
    expect(statuses).toContain(429);
    expect(statuses.every((s) => s === 404 || s === 429)).toBe(true);
    expect((await fetch(`${url("math_with_code")}/no_such_route`, { headers: { authorization } })).status).toBe(404);
  });

  test("the sandbox takes only its per-run secret: not a caller without it, nor the trainer's token; its Workers hold the secret", async () => {
    const sandbox = running.sandboxes.get("sandbox://local")!;
    expect(sandbox.token).toMatch(/^[0-9a-f]{64}$/);
    const run = JSON.stringify({ language: "python", files: { "main.py": "print(6 * 7)" } });
    for (const authorization of [undefined, `Bearer ${TOKEN}`, `Bearer ${sandbox.token}x`]) {
      for (const [method, path, body] of [["POST", "/run", run], ["POST", "/sessions/probe/cells", JSON.stringify({ code: "1" })], ["DELETE", "/sessions/probe", undefined]] as const) {
        const res = await fetch(`${sandbox.url}${path}`, { method, headers: authorization ? { authorization } : {}, body });
        expect(res.status, `${method} ${path} ${authorization}`).toBe(401);
      }
    }
    const res = await fetch(`${sandbox.url}/run`, { method: "POST", headers: { authorization: `Bearer ${sandbox.token}` }, body: run });
    expect(((await res.json()) as { stdout: string }).stdout).toBe("42\n");
    // Only the Workers that name the sandbox get the secret, as a secret binding, never in their published config.
    expect(running.specs.filter((s) => s.secrets?.SANDBOX_TOKEN === sandbox.token).map((s) => s.name)).toEqual(["math_with_code"]);
    expect(JSON.stringify(running.specs.map((s) => s.vars))).not.toContain(sandbox.token);
  });
});
