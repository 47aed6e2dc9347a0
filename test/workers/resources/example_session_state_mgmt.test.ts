import { listDurableObjectIds } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/example_session_state_mgmt/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

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

const open = () => client(server, serverEnv("example_session_state_mgmt"));

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

  test("verify without a session earns 0 and creates no Durable Object", async () => {
    const before = (await listDurableObjectIds(env.SESSIONS)).length;
    const v = await open().post("/verify", { ...row, expected_count: 0, response });
    expect(v.status).toBe(200);
    expect(v.body.reward).toBe(0);
    expect((await listDurableObjectIds(env.SESSIONS)).length).toBe(before);
  });

  test("close_session forgets the counter", async () => {
    const s = open();
    await s.post("/seed_session", row);
    const cookie = s.jar.header()!;
    await s.post("/close_session", {});
    const after = await s.send("/get_counter_value", {}, { headers: { cookie } });
    expect(await after.json()).toEqual({ count: 0 });
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
