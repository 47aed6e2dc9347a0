import { listDurableObjectIds } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/example_single_tool_call/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const GET_WEATHER = {
  type: "function",
  name: "get_weather",
  description: "",
  parameters: { type: "object", properties: { city: { type: "string", description: "" } }, required: ["city"], additionalProperties: false },
  strict: true,
};
// The shape of a row in data/example.jsonl.
const row = {
  responses_create_params: {
    input: [
      { role: "developer", content: "You are a friendly personal assistant." },
      { role: "user", content: "is it raining in Tokyo?" },
    ],
    tools: [GET_WEATHER],
  },
};
const call = { type: "function_call", call_id: "c1", name: "get_weather", arguments: '{"city":"Tokyo"}' };
const output = { type: "function_call_output", call_id: "c1", output: '{"city": "Tokyo", "weather_description": "The weather in Tokyo is cold."}' };

const open = () => client(server, serverEnv("example_single_tool_call"));

describe("example_single_tool_call", () => {
  test("get_weather answers in the reference's words", async () => {
    const s = open();
    expect((await s.post("/get_weather", { city: "San Francisco" })).body).toEqual({
      city: "San Francisco",
      weather_description: "The weather in San Francisco is cold.",
    });
  });

  test("get_weather rejects bad arguments with field paths", async () => {
    const s = open();
    const missing = await s.post("/get_weather", {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["city"]);
    const wrongType = await s.post("/get_weather", { city: 7 });
    expect(wrongType.body.error.issues[0].path).toBe("city");
    const extra = await s.post("/get_weather", { city: "Paris", units: "metric" });
    expect(extra.status).toBe(400);
    expect(extra.body.error.issues[0].path).toBe("units");
  });

  test("an unknown tool is 404 naming get_weather", async () => {
    const res = await open().post("/get_forecast", { city: "Paris" });
    expect(res.status).toBe(404);
    expect(res.body.error.tools).toEqual(["get_weather"]);
  });

  test("verify rewards every rollout, with or without a tool call, and echoes the row", async () => {
    const s = open();
    expect((await s.post("/seed_session", row)).status).toBe(200);
    const withCall = await s.post("/verify", { ...row, response: { id: "r1", output: [call, output] } });
    expect(withCall.body).toMatchObject({ ...row, reward: 1 });
    const without = await s.post("/verify", { ...row, response: { id: "r2", output: [] } });
    expect(without.body.reward).toBe(1);
  });

  test("a row that breaks the row schema is rejected at seed_session", async () => {
    const bad = await open().post("/seed_session", { responses_create_params: { ...row.responses_create_params, stream: true } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues[0].path).toBe("responses_create_params.stream");
  });

  test("a whole episode creates no Durable Object", async () => {
    const before = (await listDurableObjectIds(env.SESSIONS)).length;
    const s = open();
    await s.post("/seed_session", row);
    await s.post("/get_weather", { city: "Tokyo" });
    await s.post("/verify", { ...row, response: { id: "r1", output: [call, output] } });
    await s.post("/close_session", {});
    expect((await listDurableObjectIds(env.SESSIONS)).length).toBe(before);
  });
});
