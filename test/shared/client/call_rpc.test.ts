// call() to a Worker that answers over RPC (shared/server/rpc.ts): the request as the callee's
// post() gets it, the answer as callers read it (a value, no JSON text round trip), what the
// caller replays, and the same failure rules as over HTTP: a deadline is a 504, the callee's own
// exception a 502, and only an answer marked unprocessed is tried again.
import { describe, expect, test } from "vitest";
import { call, isUnprocessed, jsonOf } from "../../../shared/client/call.ts";
import type { Target } from "../../../shared/client/call.ts";
import { CookieJar } from "../../../shared/client/cookies.ts";
import { Deadlines } from "../../../shared/client/deadlines.ts";
import { HttpError } from "../../../shared/server/errors.ts";
import type { RpcAnswer, RpcRequest } from "../../../shared/server/rpc.ts";

function rpcTarget(answer: (request: RpcRequest, n: number) => RpcAnswer | Promise<RpcAnswer>, rpc = true) {
  const posted: RpcRequest[] = [];
  let fetched = 0;
  const fetcher = {
    post: async (request: RpcRequest) => {
      posted.push(structuredClone(request));
      return answer(request, posted.length);
    },
    fetch: async () => {
      fetched++;
      return Response.json({ over: "http" });
    },
  };
  const target: Target = { name: "env", fetcher, rpc };
  return { target, posted, fetched: () => fetched };
}

describe("call over RPC", () => {
  test("the path, body, headers and what is left of the deadline go to post(); the answer's value is read as is", async () => {
    const value = { reward: 1, nested: { list: [1, 2] } };
    const { target, posted, fetched } = rpcTarget(() => ({ status: 200, body: value }));
    const result = await call(target, "/verify", { body: { row: 1 }, headers: { "x-edge-gym-environment": "e" }, deadlineMs: 5000 });
    expect(posted).toEqual([{ path: "/verify", body: { row: 1 }, headers: { "x-edge-gym-environment": "e" }, timeoutMs: 5000 }]);
    expect(fetched()).toBe(0);
    expect(result.status).toBe(200);
    // The very value, not a parse of text; the text is there for who asks (a tool's output).
    expect(jsonOf(result, "env/verify")).toBe(result.body);
    expect(result.body).toEqual(value);
    expect(result.text).toBe(JSON.stringify(value));
  });

  test("an answer as text (a relayed upstream's) is parsed, its headers read; an error status is the same error as over HTTP", async () => {
    const { target } = rpcTarget((_, n) =>
      n === 1 ? { status: 200, text: '{"a":1}', headers: { "x-edge-gym-endpoint": "0000beef" } } : { status: 400, body: { error: { type: "invalid_request", message: "start: required" } } },
    );
    const ok = await call(target, "/v1/chat/completions", { body: {}, deadlineMs: 1000 });
    expect(jsonOf(ok, "hop")).toEqual({ a: 1 });
    expect(ok.headers.get("x-edge-gym-endpoint")).toBe("0000beef");
    const refused = await call(target, "/verify", { body: {}, deadlineMs: 1000 });
    expect(() => jsonOf(refused, "env/verify")).toThrow(expect.objectContaining({ status: 400, message: expect.stringContaining("start: required") }));
  });

  test("the jar keeps what the callee gives to replay, and forgets it when told; Set-Cookie lines are kept as over HTTP", async () => {
    const { target, posted } = rpcTarget((request, n) =>
      n === 1 ? { status: 200, body: {}, session: "0123456789abcdef0123456789abcdef" } : n === 2 ? { status: 200, body: {}, setCookies: ["pin=beef; Path=/"] } : { status: 200, body: { closed: true }, session: null },
    );
    const jar = new CookieJar();
    expect(jar.holds()).toBe(false);
    await call(target, "/seed_session", { body: {}, deadlineMs: 1000, jar });
    await call(target, "/bump", { body: {}, deadlineMs: 1000, jar });
    expect(jar.holds()).toBe(true);
    await call(target, "/close_session", { body: {}, deadlineMs: 1000, jar });
    expect(posted.map((p) => [p.session, p.cookie])).toEqual([
      [undefined, undefined],
      ["0123456789abcdef0123456789abcdef", undefined],
      ["0123456789abcdef0123456789abcdef", "pin=beef"],
    ]);
    expect(jar.session).toBeUndefined();
  });

  test("a callee that does not answer in time is a 504 naming the hop, with a rollout's shared timer or without", async () => {
    const { target } = rpcTarget(() => new Promise<never>(() => {}));
    for (const deadlines of [undefined, new Deadlines()]) {
      const failure = await call(target, "/bump", { body: {}, deadlineMs: 30, deadlines }).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(HttpError);
      expect(failure).toMatchObject({ status: 504, type: "deadline_exceeded", details: { hop: "env/bump" } });
    }
  });

  test("the callee's own exception is a 502 and is not tried again; an answer marked unprocessed is, within the attempts", async () => {
    const thrower = rpcTarget(() => {
      throw new Error("isolate exploded");
    });
    await expect(call(thrower.target, "/bump", { body: {}, deadlineMs: 1000 })).rejects.toMatchObject({ status: 502, message: "env/bump: isolate exploded" });
    expect(thrower.posted).toHaveLength(1);

    const busy = rpcTarget((_, n) => (n < 3 ? { status: 503, text: "no endpoint took it", unprocessed: true } : { status: 200, body: { ok: true } }));
    expect(jsonOf(await call(busy.target, "/v1/chat/completions", { body: {}, deadlineMs: 1000, attempts: 3 }), "hop")).toEqual({ ok: true });
    const always = rpcTarget(() => ({ status: 503, text: "paused", unprocessed: true }));
    const failure = await call(always.target, "/v1/chat/completions", { body: {}, deadlineMs: 1000, attempts: 2 }).catch((err: unknown) => err);
    expect(isUnprocessed(failure)).toBe(true);
    expect(always.posted).toHaveLength(2);
  });

  test("a target not marked rpc, or a binding with no post(), is called over HTTP", async () => {
    const unmarked = rpcTarget(() => ({ status: 200, body: {} }), false);
    expect(jsonOf(await call(unmarked.target, "/x", { body: {}, deadlineMs: 1000 }), "hop")).toEqual({ over: "http" });
    expect(unmarked.posted).toEqual([]);
    const fetchOnly: Target = { name: "env", rpc: true, fetcher: { fetch: async () => Response.json({ over: "http" }) } };
    expect(jsonOf(await call(fetchOnly, "/x", { body: {}, deadlineMs: 1000 }), "hop")).toEqual({ over: "http" });
  });
});
