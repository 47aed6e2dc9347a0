// Auth: another user of the machine (or a second tenant) against every local listener of a stack
// started with tokens: each Worker's own port, the head's port routing to any Worker by name
// (Miniflare's MF-Route-Override), the code sandbox, a live rollout's interpreter, and the gateway's
// relay and operator routes. Sent without a token, with a wrong one, and with a real one in the wrong
// form. Anything but a refusal is a way in: on a route that runs code or touches a rollout (a tool, a
// seed, a verify, /run, the sandbox) it is counted as a reward changed; on one that spends a key or
// reads config, it is listed in `detail.opened`. A pause that takes every rollout's model calls is a
// sample dropped.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../../plan/registry.ts";
import type { Attack, AttackContext, AttackResult } from "./attack.ts";

const DEADLINE_MS = 10_000;
const ENVIRONMENT = "math_with_code";
const NEEDS = [`${ENVIRONMENT}_simple_agent`];
const ROW = readFileSync(join(ROOT, `workers/resources/${ENVIRONMENT}/data/example.jsonl`), "utf8").split("\n")[0]!;
const CHAT = JSON.stringify({ model: "m", messages: [{ role: "user", content: "hi" }], max_tokens: 4 });

interface Probe {
  method: "GET" | "POST" | "DELETE";
  path: string;
  body?: string;
  /** Whether getting through could change a reward (code, a rollout's state); else it spends a key or reads config. */
  reward: boolean;
}

const post = (path: string, body: string, reward: boolean): Probe => ({ method: "POST", path, body, reward });

/** What a caller could do on each kind of Worker, were it let in. */
const PROBES: Record<string, Probe[]> = {
  head: [{ method: "GET", path: "/server_instances", reward: false }, { method: "GET", path: "/global_config_dict_yaml", reward: false }],
  responses_api_agents: [post("/run", ROW, true), { method: "GET", path: "/rollouts/attack", reward: true }],
  resources_servers: [post("/seed_session", ROW, true), post("/execute_python", JSON.stringify({ code: "print(1)" }), true), post("/verify", ROW, true), post("/mcp", JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), true)],
  responses_api_models: [post("/v1/chat/completions", CHAT, false), post("/v1/responses", JSON.stringify({ input: "hi" }), false)],
  gpu_gateway: [post("/v1/chat/completions", CHAT, false), post("/tokenize", JSON.stringify({ prompt: "hi" }), false)],
};

/** No token, a wrong one, and the trainer's real token sent in forms that are not `Bearer <token>`. */
const credentials = (token: string): (string | undefined)[] => [undefined, "Bearer wrong-token-0123456789abcdef", `Bearer bench:${token}`, `Basic ${token}`, token, `Bearer ${token}x`];

interface Tally {
  attempts: number;
  rewards_changed: number;
  samples_dropped: number;
  /** Each way in once ("<listener> <method> <path> -> <status>"), however many credentials took it. */
  opened: Set<string>;
}

const tally = (): Tally => ({ attempts: 0, rewards_changed: 0, samples_dropped: 0, opened: new Set() });
const result = (t: Tally, detail: Record<string, unknown> = {}): AttackResult => ({ attempts: t.attempts, rewards_changed: t.rewards_changed, samples_dropped: t.samples_dropped, detail: { opened: [...t.opened].slice(0, 10), opened_total: t.opened.size, ...detail } });

/** Sends one probe; anything but a refusal (401, or 403 for routes that are off) is recorded as a way in. */
async function probe(t: Tally, label: string, base: string, p: Probe, headers: Record<string, string>): Promise<void> {
  t.attempts++;
  const res = await fetch(`${base}${p.path}`, { method: p.method, headers: { "content-type": "application/json", ...headers }, body: p.body, signal: AbortSignal.timeout(DEADLINE_MS) });
  await res.arrayBuffer();
  if (res.status !== 401 && res.status !== 403) {
    t.opened.add(`${label} ${p.method} ${p.path} -> ${res.status}`);
    if (p.reward) t.rewards_changed++;
  }
}

const auth = (authorization: string | undefined): Record<string, string> => (authorization === undefined ? {} : { authorization });

// Every Worker of the stack on its own port, whatever it is: each with what its kind could do.
async function ports(context: AttackContext): Promise<AttackResult> {
  const t = tally();
  for (const spec of context.running.specs) {
    for (const p of PROBES[spec.role] ?? []) {
      for (const authorization of credentials(context.token)) await probe(t, spec.name, context.url(spec.name), p, auth(authorization));
    }
  }
  return result(t, { workers: context.running.specs.length });
}

// The head's port is Miniflare's entry: MF-Route-Override sends a request to any Worker by name.
async function routeOverride(context: AttackContext): Promise<AttackResult> {
  const t = tally();
  for (const spec of context.running.specs) {
    for (const p of PROBES[spec.role] ?? []) await probe(t, `head->${spec.name}`, context.url("head"), p, { "MF-Route-Override": spec.name });
  }
  return result(t);
}

// The sandbox runs any program for whoever gets in: a stack's tokens (a trainer's, a second
// tenant's) are no key to it, only the secret its Workers hold.
async function sandboxDirect(context: AttackContext): Promise<AttackResult> {
  const t = tally();
  const program = JSON.stringify({ language: "python", files: { "main.py": "print(6 * 7)" } });
  const probes: Probe[] = [post("/run", program, true), post("/sessions/attack/cells", JSON.stringify({ code: "1" }), true), post("/sessions/attack", "{}", true), { method: "DELETE", path: "/sessions/attack", reward: true }];
  const tokens = [...credentials(context.token), ...Object.values(context.tokens).map((token) => `Bearer ${token}`)];
  for (const [placeholder, sandbox] of context.running.sandboxes) {
    for (const p of probes) {
      for (const authorization of tokens) await probe(t, placeholder, sandbox.url, p, auth(authorization));
    }
  }
  return result(t, { sandboxes: context.running.sandboxes.size });
}

/** A rollout's tool call over HTTP, as its agent makes it: the server's session cookie replayed. */
async function toolCall(context: AttackContext, cookie: string, code: string): Promise<string> {
  const res = await fetch(`${context.url(ENVIRONMENT)}/execute_python`, { method: "POST", headers: { ...context.headers, cookie }, body: JSON.stringify({ code }), signal: AbortSignal.timeout(DEADLINE_MS) });
  return res.text();
}

// A live rollout's interpreter: its sandbox session is named by the resources server's session id,
// which its cookie carries. Knowing it, an attacker tries to overwrite the rollout's variables or end
// its interpreter; the rollout's next cell must still see what its own cells left.
async function liveInterpreter(context: AttackContext): Promise<AttackResult> {
  const t = tally();
  const seeded = await fetch(`${context.url(ENVIRONMENT)}/seed_session`, { method: "POST", headers: context.headers, body: ROW, signal: AbortSignal.timeout(DEADLINE_MS) });
  await seeded.arrayBuffer();
  const cookie = seeded.headers.getSetCookie().map((c) => c.split(";")[0]!).join("; ");
  const id = /=([0-9a-f]{32})\./.exec(cookie)?.[1];
  if (seeded.status !== 200 || id === undefined) throw new Error(`seed_session answered ${seeded.status} with no session cookie`);
  try {
    await toolCall(context, cookie, "secret_answer = 41");
    const [, sandbox] = [...context.running.sandboxes][0] ?? [];
    if (!sandbox) throw new Error("the stack runs no local sandbox");
    const tokens = [...credentials(context.token), ...Object.values(context.tokens).map((token) => `Bearer ${token}`)];
    for (const authorization of tokens) {
      await probe(t, "live cell", sandbox.url, post(`/sessions/${id}/cells`, JSON.stringify({ code: "secret_answer = 0" }), true), auth(authorization));
      await probe(t, "live close", sandbox.url, { method: "DELETE", path: `/sessions/${id}`, reward: true }, auth(authorization));
    }
    // Whatever got through above, the rollout's own view decides: its variable must be untouched.
    const seen = await toolCall(context, cookie, "secret_answer");
    const intact = seen.includes("41");
    if (!intact && t.rewards_changed === 0) t.rewards_changed++;
    return result(t, { interpreter_intact: intact });
  } finally {
    await fetch(`${context.url(ENVIRONMENT)}/close_session`, { method: "POST", headers: { ...context.headers, cookie }, body: "{}", signal: AbortSignal.timeout(DEADLINE_MS) }).then((r) => r.arrayBuffer(), () => {});
  }
}

// The gateway's operator routes: a pause holds every rollout's model calls (a sample dropped for
// each), so a tenant's token, or none, must never pause or resume the fleet.
async function gatewayAdmin(context: AttackContext): Promise<AttackResult> {
  const t = tally();
  const gateways = context.running.specs.filter((s) => s.role === "gpu_gateway");
  const tokens = [...credentials(context.token), ...Object.values(context.tokens).map((token) => `Bearer ${token}`)];
  for (const gateway of gateways) {
    const base = context.url(gateway.name);
    for (const authorization of tokens) {
      t.attempts++;
      const paused = await fetch(`${base}/admin/pause`, { method: "POST", headers: { "content-type": "application/json", ...auth(authorization) }, body: JSON.stringify({ drain_timeout_s: 0 }), signal: AbortSignal.timeout(DEADLINE_MS) });
      await paused.arrayBuffer();
      if (paused.ok) {
        t.samples_dropped++;
        t.opened.add(`${gateway.name} POST /admin/pause -> ${paused.status}`);
        // Let the bystander go on: the same way in resumes the fleet.
        await fetch(`${base}/admin/resume`, { method: "POST", headers: auth(authorization), signal: AbortSignal.timeout(DEADLINE_MS) }).then((r) => r.arrayBuffer());
      }
      await probe(t, gateway.name, base, { method: "GET", path: "/admin/endpoints", reward: false }, auth(authorization));
    }
  }
  return result(t, { gateways: gateways.length });
}

export const attacks: Attack[] = [
  { surface: "auth", name: "every_port_without_token", needs: NEEDS, run: ports },
  { surface: "auth", name: "head_route_override", needs: NEEDS, run: routeOverride },
  { surface: "auth", name: "sandbox_direct", needs: NEEDS, run: sandboxDirect },
  { surface: "auth", name: "live_interpreter_cells", needs: NEEDS, run: liveInterpreter },
  { surface: "auth", name: "gateway_admin", needs: NEEDS, run: gatewayAdmin },
];
