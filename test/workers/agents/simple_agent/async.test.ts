// Async mode of POST /run: `Prefer: respond-async` answers 202 at once, the rollout runs in its
// RolloutDO (the real SQLite-backed object, hosted by the harness), GET /rollouts/:id reports it,
// an Idempotency-Key never runs a row twice, failures are stored as failures, and results expire.
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { beforeEach, describe, expect, test } from "vitest";
import { z } from "../../../../shared/zod.ts";
import { resourcesServer } from "../../../../shared/declaration.ts";
import { defineResourcesServer } from "../../../../shared/resources/define.ts";
import { ROLLOUT_SCHEMA } from "../../../../durable_objects/rollout_do.ts";
import agent from "../../../../workers/agents/simple_agent/index.ts";
import { setRolloutEnv } from "../../../workerd/harness.ts";
import { NOTHING, storedIn } from "../../../durable_objects/stored.ts";
import { client, serverEnv } from "../../../workerd/helpers.ts";

const { ROLLOUTS } = env;

const judge = defineResourcesServer({
  declaration: resourcesServer({ task: z.object({ verdict: z.enum(["right", "wrong", "undecided"]) }) }),
  tools: {},
  verify: (body) => (body.verdict === "undecided" ? { reward: 0, _ng_failure_class: "judge_failed", error: "judge down" } : { reward: body.verdict === "right" ? 1 : 0 }),
});

const usage = { input_tokens: 1, input_tokens_details: { cached_tokens: 0 }, output_tokens: 1, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 2 };
const say = { type: "message", id: "m", role: "assistant", status: "completed", content: [{ type: "output_text", text: "ok", annotations: [] }] };

/** A model that answers `text` after `delayMs` (and once `gate` opens), or fails with a 500 when told to. */
function model(options: { delayMs?: number; fail?: boolean; text?: string; gate?: Promise<void> } = {}) {
  const seen = { calls: 0 };
  const fetcher = {
    async fetch() {
      seen.calls++;
      await new Promise((r) => setTimeout(r, options.delayMs ?? 0));
      await options.gate;
      if (options.fail) return new Response("boom", { status: 500 });
      const output = [{ ...say, content: [{ type: "output_text", text: options.text ?? "ok", annotations: [] }] }];
      return Response.json({ id: "r", object: "response", created_at: 1, model: "m", status: "completed", output, incomplete_details: null, usage });
    },
  };
  return { fetcher, seen };
}

/** The agent app with ROLLOUTS; its RolloutDOs get the same bindings through the harness. */
function agentClient(modelFetcher: { fetch(): Promise<Response> }, config: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const judgeEnv = serverEnv("judge_env");
  const bindings = serverEnv("judge_agent", {
    INSTANCE_CONFIG: {
      resources_server: { type: "resources_servers", name: "judge_env" },
      model_server: { type: "responses_api_models", name: "policy_model" },
      ...config,
    },
    JUDGE_ENV: { fetch: (r: Request) => judge.fetch(r, judgeEnv) },
    POLICY_MODEL: modelFetcher,
  });
  setRolloutEnv(bindings);
  return client(agent, { ...bindings, ROLLOUTS, ...extra });
}

const row = (verdict = "right") => ({ responses_create_params: { input: "hi" }, verdict });

type Client = ReturnType<typeof agentClient>;

async function submit(c: Client, body: unknown, headers: Record<string, string> = {}) {
  const response = await c.send("/run", body, { headers: { prefer: "respond-async", ...headers } });
  return { status: response.status, location: response.headers.get("location"), body: (await response.json()) as Record<string, any> };
}

async function poll(c: Client, id: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await c.send(`/rollouts/${id}`);
    const body = (await response.json()) as Record<string, any>;
    if (response.status !== 200 || body.status === "completed" || body.status === "failed" || Date.now() > deadline) return { status: response.status, body };
    await new Promise((r) => setTimeout(r, 10));
  }
}

let keys = 0;
// Storage is per test file: every test uses ids of its own.
const freshKey = () => `k-${Date.now()}-${keys++}`;

beforeEach(() => setRolloutEnv({}));

describe("POST /run with Prefer: respond-async", () => {
  test("answers 202 with a rollout id and Location at once; the result is the /run body", async () => {
    let open!: () => void;
    const held = model({ gate: new Promise<void>((resolve) => (open = resolve)) });
    const c = agentClient(held.fetcher);
    // The model cannot answer yet: the 202 comes back without waiting for the rollout.
    const accepted = await submit(c, row());
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({ rollout_id: expect.any(String), status: "queued" });
    expect(accepted.location).toBe(`/rollouts/${accepted.body.rollout_id}`);
    // Its object picks it up on its own and holds it as running while the model is held.
    let state: Record<string, any> = {};
    for (let i = 0; i < 100 && state.status !== "running"; i++) {
      await new Promise((r) => setTimeout(r, 20));
      state = (await (await c.send(accepted.location!)).json()) as Record<string, any>;
    }
    expect(state).toEqual({ rollout_id: accepted.body.rollout_id, status: "running" });
    open();

    const done = await poll(c, accepted.body.rollout_id);
    expect(done.body.status).toBe("completed");
    const sync = await c.post("/run", row());
    expect(sync.status).toBe(200);
    // The same body, but for its id: an async rollout's is the id it was submitted under.
    expect(done.body.result).toEqual({ ...sync.body, _ng_rollout_id: accepted.body.rollout_id });
    expect(sync.body._ng_rollout_id).not.toBe(accepted.body.rollout_id);
    expect(done.body.result.reward).toBe(1);
    expect(done.body.failure).toBeUndefined();
  });

  test("an Idempotency-Key resubmitted, while running or after, returns that rollout and never runs it again", async () => {
    const m = model({ delayMs: 50 });
    const c = agentClient(m.fetcher);
    const key = freshKey();
    const first = await submit(c, row(), { "idempotency-key": key });
    expect(first.body).toEqual({ rollout_id: key, status: "queued" });
    await new Promise((r) => setTimeout(r, 20));
    const again = await submit(c, row(), { "idempotency-key": key });
    expect(again.status).toBe(202);
    expect(again.body.rollout_id).toBe(key);
    expect(["queued", "running"]).toContain(again.body.status);

    const done = await poll(c, key);
    expect(done.body.status).toBe("completed");
    const after = await submit(c, row(), { "idempotency-key": key });
    expect(after.body.status).toBe("completed");
    expect(after.body.result.reward).toBe(1);
    expect(m.seen.calls).toBe(1);
  });

  test("the same key with a different row is a 422, and the first rollout is untouched", async () => {
    const m = model();
    const c = agentClient(m.fetcher);
    const key = freshKey();
    await submit(c, row("right"), { "idempotency-key": key });
    const clash = await submit(c, row("wrong"), { "idempotency-key": key });
    expect(clash.status).toBe(422);
    expect(clash.body.error.type).toBe("idempotency_key_reused");
    expect((await poll(c, key)).body.result.verdict).toBe("right");
  });

  test("bad ids are 400s naming the field; a key without respond-async is refused", async () => {
    const m = model();
    const c = agentClient(m.fetcher);
    for (const bad of ["has space", "x".repeat(129), "slash/y", "a+b"]) {
      const res = await submit(c, row(), { "idempotency-key": bad });
      expect(res.status).toBe(400);
      expect(res.body.error.issues[0].path).toBe("Idempotency-Key");
    }
    const badGet = await c.send("/rollouts/a%20b");
    expect(badGet.status).toBe(400);
    expect(((await badGet.json()) as any).error.issues[0].path).toBe("rollout_id");
    const syncWithKey = await c.send("/run", row(), { headers: { "idempotency-key": "k1" } });
    expect(syncWithKey.status).toBe(400);
    const badRow = await submit(c, { responses_create_params: { input: 5 } });
    expect(badRow.status).toBe(400);
    expect(badRow.body.error.issues[0].path).toBe("responses_create_params.input");
    expect(m.seen.calls).toBe(0);
  });

  test("a result larger than one SQLite value (2 MB) is stored in chunks and comes back whole", async () => {
    const text = "é".repeat(1_500_000);
    const c = agentClient(model({ text }).fetcher);
    const key = freshKey();
    await submit(c, row(), { "idempotency-key": key });
    const done = await poll(c, key);
    expect(done.body.status).toBe("completed");
    expect(done.body.result.response.output[0].content[0].text).toBe(text);
    // Local SQLite does not enforce the platform's 2 MB per value: check the chunks themselves.
    const chunks = await runInDurableObject(ROLLOUTS.get(ROLLOUTS.idFromName(key)), (_instance, state) =>
      state.storage.sql.exec<{ n: number; bytes: number }>("SELECT COUNT(*) AS n, MAX(LENGTH(CAST(data AS BLOB))) AS bytes FROM blobs WHERE name = 'outcome'").one(),
    );
    expect(chunks.n).toBeGreaterThan(1);
    expect(chunks.bytes).toBeLessThan(2_000_000);
  });

  test("an unknown rollout is a 404", async () => {
    const res = await agentClient(model().fetcher).send(`/rollouts/${freshKey()}`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as any).error.type).toBe("not_found");
  });

  test("an infrastructure failure is stored as a failure, never a reward", async () => {
    const c = agentClient(model({ fail: true }).fetcher);
    const accepted = await submit(c, row());
    const done = await poll(c, accepted.body.rollout_id);
    expect(done.body.status).toBe("failed");
    expect(done.body.failure._ng_failure_class).toBe("bad_upstream_response");
    expect(done.body.failure.error.hop).toBe("policy_model/v1/responses");
    expect(done.body.result).toBeUndefined();
  });

  test("a verifier that could not decide is a failure with its class", async () => {
    const c = agentClient(model().fetcher);
    const done = await poll(c, (await submit(c, row("undecided"))).body.rollout_id);
    expect(done.body).toMatchObject({ status: "failed", failure: { _ng_failure_class: "judge_failed", error: "judge down" } });
    expect(done.body.result).toBeUndefined();
  });

  test("after the TTL the rollout is gone: 404, its storage deleted, and the id can run again", async () => {
    const m = model();
    const c = agentClient(m.fetcher, { async_result_ttl_s: 0.2 });
    const key = freshKey();
    await submit(c, row(), { "idempotency-key": key });
    expect((await poll(c, key)).body.status).toBe("completed");
    await new Promise((r) => setTimeout(r, 250));
    expect((await c.send(`/rollouts/${key}`)).status).toBe(404);

    const stub = ROLLOUTS.get(ROLLOUTS.idFromName(key));
    await runDurableObjectAlarm(stub);
    // deleteAll dropped the tables and nothing was written after: the object holds nothing.
    expect(await storedIn(stub)).toEqual(NOTHING);

    const rerun = await submit(c, row(), { "idempotency-key": key });
    expect(rerun.body.status).toBe("queued");
    expect((await poll(c, key)).body.status).toBe("completed");
    expect(m.seen.calls).toBe(2);
  });

  test("a rollout cut off mid-run (evicted, or at the alarm's wall-time limit) fails; it is never run twice", async () => {
    const m = model();
    const c = agentClient(m.fetcher);
    const key = freshKey();
    const stub = ROLLOUTS.get(ROLLOUTS.idFromName(key));
    // What a previous instance of the object left behind when it died while running the row.
    await runInDurableObject(stub, async (_instance, state) => {
      for (const statement of ROLLOUT_SCHEMA) state.storage.sql.exec(statement);
      state.storage.sql.exec("INSERT INTO rollout (id, status, fingerprint, ttl_ms, created_at) VALUES (?, 'running', 'x', 60000, ?)", key, Date.now());
      state.storage.sql.exec("INSERT INTO blobs (name, seq, data) VALUES ('row', 0, ?)", JSON.stringify(row()));
      // The platform's retry of the alarm whose handler did not finish.
      await state.storage.setAlarm(Date.now() + 60_000);
    });
    const seen = await c.send(`/rollouts/${key}`);
    expect(((await seen.json()) as any).failure._ng_failure_class).toBe("rollout_interrupted");
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const stored = await runInDurableObject(stub, (_instance, state) => state.storage.sql.exec<{ status: string }>("SELECT status FROM rollout").one().status);
    expect(stored).toBe("failed");
    expect((await submit(c, row(), { "idempotency-key": key })).status).toBe(422);
    expect(m.seen.calls).toBe(0);
  });
});

describe("async rollouts of a deployed agent (bearer auth)", () => {
  const auth = {
    AUTH_MODE: "bearer",
    AUTH_TOKENS: "alice:alice-token-0123456789,bob:bob-token-0123456789",
    RATE_LIMITER: { limit: async () => ({ success: true }) },
  };
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  test("each caller has its own rollout ids: another caller's id is not found and the same key is not a conflict", async () => {
    const c = agentClient(model().fetcher, {}, auth);
    const key = freshKey();
    const alice = await submit(c, row("right"), { ...as("alice-token-0123456789"), "idempotency-key": key });
    expect(alice.status).toBe(202);
    await runDurableObjectAlarm(ROLLOUTS.get(ROLLOUTS.idFromName(`alice\n${key}`)));
    const seen = await c.send(`/rollouts/${key}`, undefined, { headers: as("alice-token-0123456789") });
    expect(((await seen.json()) as any).status).toBe("completed");
    const stranger = await c.send(`/rollouts/${key}`, undefined, { headers: as("bob-token-0123456789") });
    expect(stranger.status).toBe(404);
    // Bob's own rollout under the same key, with another row, is his: no 422.
    const bob = await submit(c, row("wrong"), { ...as("bob-token-0123456789"), "idempotency-key": key });
    expect(bob).toMatchObject({ status: 202, body: { rollout_id: key, status: "queued" } });
    expect((await c.send(`/rollouts/${key}`)).status).toBe(401);
  });
});
