// Bearer auth, rate limiting and request limits of the server base (shared/server/app.ts), on an
// app with one handler that counts its calls, so a refused request is seen never to reach it.
import { env } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import { createServerApp } from "../../../shared/server/app.ts";
import type { BaseBindings } from "../../../shared/server/app.ts";
import { RETRY_AFTER_S, fromOwnWorker } from "../../../shared/server/auth.ts";
import { readBody } from "../../../shared/server/body.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { constantTimeEqual } from "../../../shared/server/constant_time.ts";
import { z } from "../../../shared/zod.ts";

const TRAINER_TOKEN = "trainer-token-0123456789abcdef";
const UNNAMED_TOKEN = "unnamed-token-fedcba9876543210";

let handled = 0;
const app = createServerApp<BaseBindings>();
app.post("/echo", async (c) => {
  handled++;
  return c.json(await readBody(c, z.strictObject({ text: z.string() })));
});

/** A RATE_LIMITER that lets `limit` requests through per key and records the keys it was asked for. */
function fakeLimiter(limit = 1000) {
  const counts = new Map<string, number>();
  const keys: string[] = [];
  const limiter: RateLimit = {
    async limit({ key }) {
      keys.push(key);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return { success: counts.get(key)! <= limit };
    },
  };
  return { limiter, keys };
}

function bearerEnv(extra: Partial<BaseBindings> = {}): BaseBindings {
  return { INSTANCE_NAME: "agent", AUTH_MODE: "bearer", AUTH_TOKENS: `trainer:${TRAINER_TOKEN}, ${UNNAMED_TOKEN}`, RATE_LIMITER: fakeLimiter().limiter, ...extra };
}

async function send(appEnv: BaseBindings, init: { path?: string; method?: string; authorization?: string; body?: BodyInit } = {}) {
  const headers = new Headers({ "content-type": "application/json" });
  if (init.authorization !== undefined) headers.set("authorization", init.authorization);
  const method = init.method ?? "POST";
  const body = method === "GET" ? undefined : (init.body ?? JSON.stringify({ text: "hi" }));
  return app.fetch(new Request(`http://server${init.path ?? "/echo"}`, { method, headers, body }), appEnv);
}

const sha256Prefix = async (text: string) =>
  [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))).slice(0, 4)].map((b) => b.toString(16).padStart(2, "0")).join("");

describe("constantTimeEqual", () => {
  test("is true only for equal strings, whatever the lengths", async () => {
    expect(await constantTimeEqual(TRAINER_TOKEN, TRAINER_TOKEN)).toBe(true);
    expect(await constantTimeEqual("", "")).toBe(true);
    expect(await constantTimeEqual(TRAINER_TOKEN, TRAINER_TOKEN.replace(/f$/, "e"))).toBe(false);
    expect(await constantTimeEqual(TRAINER_TOKEN, TRAINER_TOKEN.slice(0, -1))).toBe(false);
    expect(await constantTimeEqual(TRAINER_TOKEN, `${TRAINER_TOKEN}x`)).toBe(false);
    expect(await constantTimeEqual(TRAINER_TOKEN, "")).toBe(false);
    expect(await constantTimeEqual("é", "e\u0301")).toBe(false);
  });
});

describe("bearer auth", () => {
  test("a request without a token is a 401 in the error shape, with WWW-Authenticate, and never runs the handler", async () => {
    const before = handled;
    const res = await send(bearerEnv());
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe('Bearer realm="edge-gym"');
    expect(await res.json()).toEqual({ error: { type: "unauthorized", message: expect.stringContaining("Authorization: Bearer") } });
    expect(handled).toBe(before);
  });

  test("a wrong token is a 401 marked invalid_token: near misses, other schemes and an unknown route alike", async () => {
    const before = handled;
    for (const authorization of [
      "Bearer wrong-token-0123456789abcdef",
      `Bearer ${TRAINER_TOKEN.slice(0, -1)}`,
      `Bearer ${TRAINER_TOKEN}0`,
      `Bearer trainer:${TRAINER_TOKEN}`,
      `Basic ${TRAINER_TOKEN}`,
      `Bearer ${TRAINER_TOKEN} extra`,
      "Bearer ",
    ]) {
      const res = await send(bearerEnv(), { authorization });
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get("www-authenticate"), authorization).toBe('Bearer realm="edge-gym", error="invalid_token"');
    }
    // An unauthenticated caller does not learn which routes exist.
    expect((await send(bearerEnv(), { path: "/no_such_route", authorization: "Bearer nope-nope-nope-nope" })).status).toBe(401);
    expect(handled).toBe(before);
  });

  test("the right token passes, named or not, and the rate limit is keyed by the caller's name, never the token", async () => {
    const { limiter, keys } = fakeLimiter();
    const appEnv = bearerEnv({ RATE_LIMITER: limiter });
    const named = await send(appEnv, { authorization: `Bearer ${TRAINER_TOKEN}` });
    expect(named.status).toBe(200);
    expect(await named.json()).toEqual({ text: "hi" });
    expect((await send(appEnv, { authorization: `bearer  ${UNNAMED_TOKEN}` })).status).toBe(200);
    expect(keys).toEqual(["trainer", `token-${await sha256Prefix(UNNAMED_TOKEN)}`]);
  });

  test("the body is validated after auth: a bad body from an authenticated caller is a 400 with field paths", async () => {
    const res = await send(bearerEnv(), { authorization: `Bearer ${TRAINER_TOKEN}`, body: JSON.stringify({ text: 1, extra: true }) });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { issues: { path: string }[] } };
    expect(error.issues.map((i) => i.path).sort()).toEqual(["extra", "text"]);
  });

  test("liveness stays open, even when bearer auth is misconfigured", async () => {
    for (const appEnv of [bearerEnv(), bearerEnv({ AUTH_TOKENS: undefined })]) {
      const res = await send(appEnv, { path: "/", method: "GET" });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: "ok" });
    }
  });

  test("without AUTH_MODE, or with AUTH_MODE open, routes are open (local emulation, internal Workers)", async () => {
    expect((await send({ INSTANCE_NAME: "resources" })).status).toBe(200);
    expect((await send({ INSTANCE_NAME: "resources", AUTH_MODE: "open" })).status).toBe(200);
  });

  test("bearer mode fails closed: no tokens, bad tokens, no RATE_LIMITER or an unknown mode is a 500, even with a right token", async () => {
    const before = handled;
    const cases: [Partial<BaseBindings>, string][] = [
      [{ AUTH_TOKENS: undefined }, "AUTH_TOKENS is empty"],
      [{ AUTH_TOKENS: " , ," }, "AUTH_TOKENS is empty"],
      [{ AUTH_TOKENS: `trainer:${TRAINER_TOKEN},short-secret` }, "AUTH_TOKENS entry 2: a token must be at least 16 characters"],
      [{ AUTH_TOKENS: `bad name:${TRAINER_TOKEN}` }, "AUTH_TOKENS entry 1: a token name is"],
      [{ RATE_LIMITER: undefined }, "no RATE_LIMITER binding"],
      [{ AUTH_MODE: "Bearer " }, 'AUTH_MODE must be "open" or "bearer"'],
    ];
    for (const [extra, message] of cases) {
      const res = await send(bearerEnv(extra), { authorization: `Bearer ${TRAINER_TOKEN}` });
      expect(res.status, message).toBe(500);
      const body = (await res.json()) as { error: { type: string; message: string } };
      expect(body.error.type).toBe("misconfigured");
      expect(body.error.message).toContain(message);
      // A configured secret never appears in an answer.
      expect(body.error.message).not.toContain("short-secret");
    }
    expect(handled).toBe(before);
  });

  test("a caller over its rate gets a 429 with Retry-After; other callers and unauthenticated requests are unaffected", async () => {
    const { limiter, keys } = fakeLimiter(2);
    const appEnv = bearerEnv({ RATE_LIMITER: limiter });
    const trainer = { authorization: `Bearer ${TRAINER_TOKEN}` };
    expect((await send(appEnv, trainer)).status).toBe(200);
    expect((await send(appEnv, { authorization: "Bearer not-a-token-at-all-xx" })).status).toBe(401);
    expect((await send(appEnv, trainer)).status).toBe(200);
    const limited = await send(appEnv, trainer);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe(String(RETRY_AFTER_S));
    expect(await limited.json()).toEqual({ error: { type: "rate_limited", message: expect.stringContaining('"trainer"'), retry_after_s: RETRY_AFTER_S } });
    expect((await send(appEnv, { authorization: `Bearer ${UNNAMED_TOKEN}` })).status).toBe(200);
    // A refused token never reaches the limiter, so guessing cannot spend a real caller's budget.
    expect(keys.filter((k) => k === "trainer")).toHaveLength(3);
  });

  test("the Workers Rate Limiting binding (3 per 60 s here) is what limits a caller", async () => {
    const appEnv = bearerEnv({ RATE_LIMITER: (env as unknown as { RATE_LIMITER: RateLimit }).RATE_LIMITER });
    const statuses: number[] = [];
    // 7 requests cross at most one window boundary, so at most 6 can pass.
    for (let i = 0; i < 7; i++) statuses.push((await send(appEnv, { authorization: `Bearer ${TRAINER_TOKEN}` })).status);
    expect(statuses[0]).toBe(200);
    expect(statuses).toContain(429);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
  });
});

describe("calls that need no bearer token", () => {
  const ctx = (): ExecutionContext => ({ waitUntil() {}, passThroughOnException() {}, props: {} }) as unknown as ExecutionContext;
  const echo = (c: { req: { path: string } }) => ({ path: c.req.path });

  test("a request through a service binding (the Rpc entrypoint marks its context) passes; the same request on any other context is a 401", async () => {
    const before = handled;
    const request = () => new Request("http://server/echo", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text: "hi" }) });
    const own = ctx();
    fromOwnWorker(own);
    expect((await app.fetch(request(), bearerEnv(), own)).status).toBe(200);
    // The entrypoint itself, over HTTP and over RPC (a route with no RPC handler is answered by its HTTP route).
    const Rpc = rpcEntrypoint<BaseBindings>(app);
    expect((await new Rpc(ctx(), bearerEnv()).fetch(request())).status).toBe(200);
    expect(await new Rpc(ctx(), bearerEnv()).post({ path: "/echo", body: { text: "hi" } })).toMatchObject({ status: 200 });
    expect(handled).toBe(before + 3);
    // A loopback caller comes in through the default export, whose context nobody marked.
    expect((await app.fetch(request(), bearerEnv(), ctx())).status).toBe(401);
    expect((await app.fetch(request(), bearerEnv())).status).toBe(401);
    expect(handled).toBe(before + 3);
  });

  test("routes under a prefix that checks its own credential (the gateway's /admin) get the header; every other path still needs the token", async () => {
    const ADMIN_KEY = "admin-key-0123456789abcdef";
    const gateway = createServerApp<BaseBindings>({ ownCredential: ["/admin"] });
    gateway.use("/admin/*", async (c, next) => (c.req.header("authorization") === `Bearer ${ADMIN_KEY}` ? next() : c.json({ error: "admin key" }, 401)));
    gateway.get("/admin/endpoints", (c) => c.json(echo(c)));
    gateway.get("/administrator", (c) => c.json(echo(c)));
    gateway.get("/v1/models", (c) => c.json(echo(c)));
    const get = (path: string, authorization?: string) => gateway.fetch(new Request(`http://server${path}`, { headers: authorization ? { authorization } : {} }), bearerEnv());

    expect((await get("/admin/endpoints", `Bearer ${ADMIN_KEY}`)).status).toBe(200);
    // The route's own check refuses what it must: no key, or a trainer's token.
    expect(await (await get("/admin/endpoints")).json()).toEqual({ error: "admin key" });
    expect(await (await get("/admin/endpoints", `Bearer ${TRAINER_TOKEN}`)).json()).toEqual({ error: "admin key" });
    // A path that only starts with the prefix's letters, or any other route, is the bearer check's.
    for (const path of ["/administrator", "/v1/models", "/admin_x"]) {
      const res = await get(path, `Bearer ${ADMIN_KEY}`);
      expect(res.status, path).toBe(401);
      expect(((await res.json()) as { error: { type: string } }).error.type, path).toBe("unauthorized");
    }
    expect((await get("/v1/models", `Bearer ${TRAINER_TOKEN}`)).status).toBe(200);
  });
});

describe("request size limits", () => {
  const chunked = (bytes: number) => {
    const json = new TextEncoder().encode(JSON.stringify({ text: "x".repeat(bytes - 11) }));
    return new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < json.length; i += 64) controller.enqueue(json.slice(i, i + 64));
        controller.close();
      },
    });
  };

  test("a chunked body without Content-Length is counted as it streams in", async () => {
    const appEnv = { INSTANCE_NAME: "agent", MAX_BODY_BYTES: "500" };
    const small = await send(appEnv, { body: chunked(400) });
    expect(small.status).toBe(200);
    expect(((await small.json()) as { text: string }).text).toHaveLength(389);
    const large = await send(appEnv, { body: chunked(600) });
    expect(large.status).toBe(413);
    expect(((await large.json()) as { error: { type: string } }).error.type).toBe("body_too_large");
  });

  test("an unauthenticated oversized body is refused as unauthenticated, before it is read", async () => {
    const res = await send(bearerEnv({ MAX_BODY_BYTES: "500" }), { body: chunked(600) });
    expect(res.status).toBe(401);
  });

  test("a MAX_BODY_BYTES that does not parse fails closed instead of lifting the limit", async () => {
    const res = await send({ INSTANCE_NAME: "agent", MAX_BODY_BYTES: "32MiB" });
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: { type: string } }).error.type).toBe("misconfigured");
  });
});
