import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/example_tool_call_multireward/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const row = {
  responses_create_params: {
    input: [
      { role: "developer", content: "Reply with exactly one get_weather tool call and nothing else." },
      { role: "user", content: "is it cold in Oslo?" },
    ],
    tools: [
      {
        type: "function",
        name: "get_weather",
        parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false },
        strict: true,
      },
    ],
  },
  expected_call: { name: "get_weather", arguments: { city: "Oslo" } },
};

let n = 0;
const fc = (args: unknown, name = "get_weather") => ({ type: "function_call", call_id: `c${++n}`, name, arguments: typeof args === "string" ? args : JSON.stringify(args) });
const text = { type: "message", role: "assistant", content: [{ type: "output_text", text: "It is sunny.", annotations: [] }] };

async function verify(output: unknown[], fields: Record<string, unknown> = {}) {
  const res = await client(server, serverEnv("example_tool_call_multireward")).post("/verify", { ...row, ...fields, response: { id: "r1", output } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const components = async (output: unknown[], fields: Record<string, unknown> = {}) => {
  const body = await verify(output, fields);
  expect(body.reward).toBe(body.correctness + body.schema_valid + body.format);
  expect(body.reward_components).toEqual({ correctness: body.correctness, schema_valid: body.schema_valid, format: body.format });
  return [body.correctness, body.schema_valid, body.format];
};

describe("example_tool_call_multireward", () => {
  test("get_weather answers for any city", async () => {
    const res = await client(server, serverEnv("example_tool_call_multireward")).post("/get_weather", { city: "Oslo" });
    expect(res.body).toEqual({ city: "Oslo", weather_description: "The weather in Oslo is sunny." });
  });

  test("exactly the expected call and nothing else scores 3", async () => {
    expect(await verify([fc({ city: "Oslo" }), { type: "function_call_output", call_id: "c", output: "{}" }])).toMatchObject({
      ...row,
      reward: 3,
      reward_components: { correctness: 1, schema_valid: 1, format: 1 },
      correctness: 1,
      schema_valid: 1,
      format: 1,
      predicted_calls: [{ name: "get_weather", arguments: { city: "Oslo" } }],
    });
  });

  test("the components are independent", async () => {
    expect(await components([fc({ city: "Oslo" }), text])).toEqual([1, 1, 0]);
    expect(await components([fc({ city: "Bergen" })])).toEqual([0, 1, 1]);
    expect(await components([fc({ location: "Oslo" })])).toEqual([0, 0, 1]);
    expect(await components([fc('{"city": "Oslo"')])).toEqual([0, 0, 1]);
    expect(await components([fc({ city: "Oslo", units: "metric" })])).toEqual([1, 1, 1]);
  });

  test("correctness takes any call; schema_valid reads the first; format wants exactly one", async () => {
    expect(await components([fc({ location: "Oslo" }), fc({ city: "Oslo" })])).toEqual([1, 0, 0]);
    expect(await components([fc({ city: "Oslo" }), fc({ city: "Bergen" })])).toEqual([1, 1, 0]);
  });

  test("a tool the row does not declare has no required parameters", async () => {
    expect(await components([fc({}, "get_forecast")])).toEqual([0, 1, 1]);
  });

  test("no call scores nothing", async () => {
    expect(await verify([text])).toMatchObject({ reward: 0, correctness: 0, schema_valid: 0, format: 0, predicted_calls: [] });
  });

  test("bad rows and bad tool arguments are 400 with field paths", async () => {
    const s = client(server, serverEnv("example_tool_call_multireward"));
    expect((await s.post("/seed_session", row)).status).toBe(200);
    const bad = await s.post("/seed_session", { ...row, expected_call: { arguments: { city: 1 } } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["expected_call.name"]);
    // A seed request need not carry expected_call (NeMo Gym's carries no task fields); /verify must.
    expect((await s.post("/seed_session", { ...row, expected_call: undefined })).status).toBe(200);
    expect((await s.post("/verify", { ...row, expected_call: undefined, response: { id: "r", output: [] } })).body.error.issues[0].path).toBe("expected_call");
    const tool = await s.post("/get_weather", { location: "Oslo" });
    expect(tool.status).toBe(400);
    expect(tool.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["city", "location"]);
  });
});
