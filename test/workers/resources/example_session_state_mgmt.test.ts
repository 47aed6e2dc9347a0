import { listDurableObjectIds } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/example_session_state_mgmt/index.ts";
import { cookieScope, newSessionId, signSession } from "../../../shared/session/cookie.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";
import { NOTHING, storedIn } from "../../durable_objects/stored.ts";

const TOOLS = [
  {
    type: "function",
    name: "increment_counter",
    description: "",
    parameters: { type: "object", properties: { count: { type: "integer", description: "" } }, required: ["count"], additionalProperties: false },
    strict: true,
  },
  {
    type: "function",
    name: "get_counter_value",
    description: "",
    parameters: { type: "object", properties: {}, required: [], additionalProperties: false },
    strict: true,
  },
];
// The shape of a row in data/example.jsonl.
const row = {
  responses_create_params: { input: [{ role: "user", content: "add 4 then add 5 then get the count" }], tools: TOOLS },
  initial_count: 3,
  expected_count: 12,
};
const response = { id: "r1", output: [] };

const INSTANCE = "example_session_state_mgmt";
const NOT_SEEDED = { error: { type: "session_not_seeded", message: "Session not initialized. Please call seed_session first." } };
const open = () => client(server, serverEnv(INSTANCE));
/** The session object a `session=<id>.<signature>` cookie names. */
const stubOf = (cookie: string) => env.SESSIONS.get(env.SESSIONS.idFromName(cookie.replace(/^session=/, "").split(".")[0]!));

test("a NeMo Gym seed request carries the seeding fields only: it seeds, and the rollout verifies", async () => {
  const s = open();
  expect(await s.post("/seed_session", { initial_count: 5 })).toMatchObject({ status: 200 });
  expect((await s.post("/get_counter_value", {})).body).toEqual({ count: 5 });
  expect((await s.post("/verify", { ...row, expected_count: 5, response })).body.reward).toBe(1);
  const wrong = await s.post("/seed_session", { initial_count: "five" });
  expect(wrong.status).toBe(400);
  expect(wrong.body.error.issues[0].path).toBe("initial_count");
});

describe("example_session_state_mgmt", () => {
  test("the counter starts at initial_count and keeps increments across tool calls", async () => {
    const s = open();
    expect((await s.post("/seed_session", row)).status).toBe(200);
    expect((await s.post("/get_counter_value", {})).body).toEqual({ count: 3 });
    expect((await s.post("/increment_counter", { count: 4 })).body).toEqual({ success: true });
    expect((await s.post("/increment_counter", { count: 5 })).body).toEqual({ success: true });
    expect((await s.post("/get_counter_value", {})).body).toEqual({ count: 12 });
    const v = await s.post("/verify", { ...row, response });
    expect(v.body).toMatchObject({ ...row, response, reward: 1 });
  });

  test("a wrong final count earns 0", async () => {
    const s = open();
    await s.post("/seed_session", row);
    await s.post("/increment_counter", { count: 4 });
    await s.post("/increment_counter", { count: 6 });
    expect((await s.post("/verify", { ...row, response })).body.reward).toBe(0);
  });

  test("initial_count defaults to 0 and negative increments count", async () => {
    const s = open();
    const unseeded = { responses_create_params: row.responses_create_params, expected_count: 2 };
    await s.post("/seed_session", unseeded);
    await s.post("/increment_counter", { count: 5 });
    await s.post("/increment_counter", { count: -3 });
    expect((await s.post("/get_counter_value", {})).body).toEqual({ count: 2 });
    expect((await s.post("/verify", { ...unseeded, response })).body.reward).toBe(1);
  });

  test("sessions count independently", async () => {
    const a = open();
    const b = open();
    await Promise.all([a.post("/seed_session", row), b.post("/seed_session", { ...row, initial_count: 100 })]);
    await Promise.all([a.post("/increment_counter", { count: 9 }), b.post("/increment_counter", { count: 1 })]);
    expect((await a.post("/get_counter_value", {})).body).toEqual({ count: 12 });
    expect((await b.post("/get_counter_value", {})).body).toEqual({ count: 101 });
  });

  test("verify without a session is a 400 session_not_seeded, never a 0, and creates no Durable Object", async () => {
    const before = (await listDurableObjectIds(env.SESSIONS)).length;
    const v = await open().post("/verify", { ...row, expected_count: 0, response });
    expect(v).toEqual({ status: 400, body: NOT_SEEDED });
    expect((await listDurableObjectIds(env.SESSIONS)).length).toBe(before);
  });

  test("a closed session, or a signed cookie for one never seeded, takes no tool call and no verify (400 session_not_seeded); closing it is a no-op; nothing is stored", async () => {
    const s = open();
    await s.post("/seed_session", row);
    const closed = s.jar.header()!;
    await s.post("/close_session", {});
    const unseeded = `session=${await signSession(env.SESSION_SECRET, cookieScope(INSTANCE, undefined), newSessionId())}`;
    for (const cookie of [closed, unseeded]) {
      for (const [path, body] of [["/get_counter_value", {}], ["/increment_counter", { count: 1 }], ["/verify", { ...row, response }]] as const) {
        const after = await s.send(path, body, { headers: { cookie } });
        expect(after.status, path).toBe(400);
        expect(await after.json()).toEqual(NOT_SEEDED);
      }
      expect(await (await s.send("/close_session", {}, { headers: { cookie } })).json()).toEqual({ closed: true });
      expect(await storedIn(stubOf(cookie))).toEqual(NOTHING);
    }
  });

  test("20 concurrent increments in one session all count", async () => {
    const s = open();
    await s.post("/seed_session", row);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => s.post("/increment_counter", { count: i + 1 })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect((await s.post("/get_counter_value", {})).body).toEqual({ count: row.initial_count + (20 * 21) / 2 });
  });

  test("tool calls racing a close are answered (before it) or refused with a 400 (after it), never a 5xx, and leave nothing stored", async () => {
    const s = open();
    await s.post("/seed_session", row);
    const cookie = s.jar.header()!;
    const calls = Array.from({ length: 12 }, () => s.send("/increment_counter", { count: 1 }, { headers: { cookie } }));
    const close = s.send("/close_session", {}, { headers: { cookie } });
    const statuses = await Promise.all(calls.map(async (call) => (await call).status));
    expect((await close).status).toBe(200);
    expect(statuses.every((status) => status === 200 || status === 400)).toBe(true);
    expect(await storedIn(stubOf(cookie))).toEqual(NOTHING);
  });

  test("bad tool arguments and bad rows are 400 with field paths; unknown tools 404", async () => {
    const s = open();
    await s.post("/seed_session", row);
    const fractional = await s.post("/increment_counter", { count: 1.5 });
    expect(fractional.status).toBe(400);
    expect(fractional.body.error.issues[0].path).toBe("count");
    expect((await s.post("/increment_counter", { count: "2" })).body.error.issues[0].path).toBe("count");
    const extra = await s.post("/get_counter_value", { reset: true });
    expect(extra.status).toBe(400);
    expect(extra.body.error.issues[0].path).toBe("reset");
    expect((await s.post("/get_counter_value", {})).body).toEqual({ count: 3 });
    const badRow = await s.post("/seed_session", { ...row, initial_count: "3", expected_count: undefined });
    expect(badRow.status).toBe(400);
    // /seed_session reads initial_count, as NeMo Gym's does; expected_count is /verify's to require.
    expect(badRow.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["initial_count"]);
    const unchecked = await s.post("/verify", { ...row, expected_count: undefined, response });
    expect(unchecked.status).toBe(400);
    expect(unchecked.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["expected_count"]);
    const unknown = await s.post("/reset_counter", {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.tools).toEqual(["increment_counter", "get_counter_value"]);
  });
});
