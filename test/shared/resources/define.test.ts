import { runDurableObjectAlarm, listDurableObjectIds } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { defineResourcesServer, tool } from "../../../shared/resources/define.ts";
import { signSession } from "../../../shared/session/cookie.ts";
import { answerRpc } from "../../../shared/server/rpc.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";
import { counter } from "../../workerd/counter_server.ts";
import { NOTHING, storedIn } from "../../durable_objects/stored.ts";

const row = { responses_create_params: { input: "count for me" }, start: 2 };
const response = { id: "resp_1", output: [] };

const stateless = defineResourcesServer({
  declaration: resourcesServer({ task: z.object({}) }),
  tools: { ping: tool({ input: z.object({}), run: () => ({ pong: true }) }) },
  verify: () => ({ reward: 1 }),
});

describe("defineResourcesServer", () => {
  test("seed, tool, verify keep state per session and verify echoes the row", async () => {
    const s = client(counter, serverEnv("counter"));
    expect((await s.post("/seed_session", row)).status).toBe(200);
    expect((await s.post("/bump", { by: 3 })).body).toEqual({ n: 5 });
    const v = await s.post("/verify", { ...row, response });
    expect(v.status).toBe(200);
    expect(v.body).toMatchObject({ ...row, response, reward: 1, seen: 5 });
  });

  test("two concurrent sessions do not see each other's state", async () => {
    const a = client(counter, serverEnv("counter"));
    const b = client(counter, serverEnv("counter"));
    await Promise.all([a.post("/seed_session", row), b.post("/seed_session", { ...row, start: 100 })]);
    const [ra, rb] = await Promise.all([a.post("/bump", { by: 1 }), b.post("/bump", { by: 1 })]);
    expect(ra.body).toEqual({ n: 3 });
    expect(rb.body).toEqual({ n: 101 });
  });

  test("a forged cookie is treated as absent and never reaches existing state", async () => {
    const a = client(counter, serverEnv("counter"));
    await a.post("/seed_session", row);
    const cookie = a.jar.header()!;
    const id = cookie.split("=")[1]!.split(".")[0]!;
    const forged = `session=${id}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
    const other = client(counter, serverEnv("counter"));
    // A fresh session, never seeded: no counter to bump.
    const res = await other.send("/bump", { by: 1 }, { headers: { cookie: forged } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { type: string } }).error.type).toBe("session_not_seeded");
    expect(res.headers.getSetCookie()[0]).toMatch(/^session=[0-9a-f]{32}\./);
    // a cookie signed for another instance with the same secret is foreign too
    const foreign = `session=${await signSession(env.SESSION_SECRET, "other_instance", id)}`;
    const res2 = await other.send("/bump", { by: 1 }, { headers: { cookie: foreign } });
    expect(res2.status).toBe(400);
    // the real owner still sees its own state, untouched
    expect((await a.post("/bump", { by: 0 })).body).toEqual({ n: 2 });
  });

  test("close_session releases state at once; the closed session takes no tool call, and closing again is a no-op", async () => {
    const a = client(counter, serverEnv("counter"));
    await a.post("/seed_session", row);
    const cookie = a.jar.header()!;
    const id = cookie.split("=")[1]!.split(".")[0]!;
    expect((await a.post("/close_session", {})).body).toEqual({ closed: true });
    const again = await a.send("/bump", { by: 1 }, { headers: { cookie } });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: { type: "session_not_seeded", message: "Session not initialized. Please call seed_session first." } });
    const verify = await a.send("/verify", { ...row, response }, { headers: { cookie } });
    expect(verify.status).toBe(400);
    const closeAgain = await a.send("/close_session", {}, { headers: { cookie } });
    expect(await closeAgain.json()).toEqual({ closed: true });
    expect(await storedIn(env.SESSIONS.get(env.SESSIONS.idFromName(id)))).toEqual(NOTHING);
  });

  test("expiry by alarm deletes the state; the expired session takes no tool call", async () => {
    const a = client(counter, serverEnv("counter"));
    await a.post("/seed_session", row);
    const cookie = a.jar.header()!;
    const id = cookie.split("=")[1]!.split(".")[0]!;
    const stub = env.SESSIONS.get(env.SESSIONS.idFromName(id));
    expect(await stub.read(["n"], 60_000)).toEqual({ n: "2" });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await stub.read(["n"], 60_000)).toBe("not_seeded");
    const after = await a.send("/bump", { by: 1 }, { headers: { cookie } });
    expect(after.status).toBe(400);
    expect(await storedIn(stub)).toEqual(NOTHING);
  });

  test("a stateless server creates no Durable Object and gives out no session cookie", async () => {
    const before = (await listDurableObjectIds(env.SESSIONS)).length;
    const s = client(stateless, serverEnv("stateless"));
    const answers = [
      await s.send("/seed_session", { responses_create_params: { input: "hi" } }),
      await s.send("/ping", {}),
      await s.send("/verify", { responses_create_params: { input: "hi" }, response }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    for (const answer of answers) expect(answer.headers.getSetCookie()).toEqual([]);
    expect(s.jar.header()).toBeUndefined();
    // A client that closes anyway is answered as before.
    expect((await s.post("/close_session", {})).body).toEqual({ closed: true });
    expect((await listDurableObjectIds(env.SESSIONS)).length).toBe(before);
    // A stateful server still signs one at seed_session.
    const counting = client(counter, serverEnv("counter"));
    await counting.post("/seed_session", row);
    expect(counting.jar.header()).toMatch(/^session=[0-9a-f]{32}\./);
  });

  test("bad input: 400 with field paths; unknown tool: 404 listing tools; GET / ok", async () => {
    const s = client(counter, serverEnv("counter"));
    const bad = await s.post("/seed_session", { responses_create_params: { input: "x", bogus: 1 }, start: "two" });
    expect(bad.status).toBe(400);
    const paths = bad.body.error.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(["responses_create_params.bogus", "start"]));
    const badArgs = await s.post("/bump", { by: "x" });
    expect(badArgs.status).toBe(400);
    expect(badArgs.body.error.issues[0].path).toBe("by");
    const unknown = await s.post("/nope", {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toContain("bump");
    const notJson = await s.send("/verify", "{not json");
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as any).error.message).toMatch(/not valid JSON/);
    const root = await s.send("/");
    expect(await root.json()).toEqual({ status: "ok" });
    const badVerify = await s.post("/verify", { ...row, response: { id: 1 } });
    expect(badVerify.status).toBe(400);
    expect(badVerify.body.error.issues.map((i: { path: string }) => i.path)).toContain("response.id");
  });

  test("fallbackTool answers tool names the server does not declare, in the caller's session; declared tools win", async () => {
    // Rows name the tools: the fallback records each call in the session, verify reads them back.
    const rowTools = defineResourcesServer({
      declaration: resourcesServer({ task: z.object({}), stateful: true }),
      tools: { ping: tool({ input: z.object({}), run: () => ({ pong: true }) }) },
      async fallbackTool(name, args, { session }) {
        await session.state.update<unknown[]>("calls", (calls = []) => [...calls, { name, args }]);
        return { recorded: name };
      },
      async verify(_body, { session }) {
        return { reward: 1, calls: (await session.state.get("calls")) ?? [] };
      },
    });
    const a = client(rowTools, serverEnv("row_tools"));
    const b = client(rowTools, serverEnv("row_tools"));
    await Promise.all([a.post("/seed_session", { responses_create_params: { input: "hi" } }), b.post("/seed_session", { responses_create_params: { input: "hi" } })]);
    expect(await a.post("/save_record", { title: "Dune", tags: [1] })).toEqual({ status: 200, body: { recorded: "save_record" } });
    expect((await a.post("/ping", {})).body).toEqual({ pong: true });
    expect((await b.post("/other_tool", [1, 2])).body).toEqual({ recorded: "other_tool" });
    expect((await a.post("/verify", { responses_create_params: { input: "hi" }, response })).body.calls).toEqual([{ name: "save_record", args: { title: "Dune", tags: [1] } }]);
    expect((await b.post("/verify", { responses_create_params: { input: "hi" }, response })).body.calls).toEqual([{ name: "other_tool", args: [1, 2] }]);
    // Routes keep their meaning, and a body that is not JSON is still a 400.
    expect((await a.post("/close_session", {})).body).toEqual({ closed: true });
    const notJson = await a.send("/save_record", "{not json");
    expect(notJson.status).toBe(400);
  });

  test("request body size limit answers 413", async () => {
    const s = client(counter, serverEnv("counter", { MAX_BODY_BYTES: "100" }));
    const res = await s.post("/verify", { ...row, response, pad: "x".repeat(200) });
    expect(res.status).toBe(413);
    expect(res.body.error.type).toBe("body_too_large");
  });
});

describe("plain-text tools", () => {
  const notebook = defineResourcesServer({
    declaration: resourcesServer({ task: z.object({}) }),
    tools: {
      run_cell: tool({ input: z.object({ code: z.string() }), plainText: true, run: ({ code }) => `ran ${code}\n"quoted"` }),
      lookup: tool({ input: z.object({}), run: () => "a JSON string" }),
    },
    verify: () => ({ reward: 1 }),
  });

  test("a tool declared plainText answers its text as it is, over HTTP and RPC; others answer JSON", async () => {
    const http = client(notebook, serverEnv("notebook"));
    const plain = await http.send("/run_cell", { code: "x" });
    expect(plain.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await plain.text()).toBe('ran x\n"quoted"');
    expect(await (await http.send("/lookup", {})).text()).toBe('"a JSON string"');

    const rpc = (path: string, body: unknown) => answerRpc(notebook, { path, body, timeoutMs: 1000 }, serverEnv("notebook"), { waitUntil() {} });
    expect(await rpc("/run_cell", { code: "x" })).toMatchObject({ status: 200, text: 'ran x\n"quoted"' });
    expect(await rpc("/lookup", {})).toMatchObject({ status: 200, body: "a JSON string" });
  });
});

describe("GET /reverify_mode (NeMo Gym's, for eval reverify)", () => {
  test("a verdict from the request alone is stateless; one needing session state is unsupported", async () => {
    const ask = async (app: { fetch(request: Request, env: object): Response | Promise<Response> }) => (await app.fetch(new Request("http://server/reverify_mode"), serverEnv("s"))).json();
    expect(await ask(stateless)).toBe("stateless");
    expect(await ask(counter)).toBe("unsupported");
  });
});
