import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/xlam_fc/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const row = {
  id: 3,
  responses_create_params: {
    input: [{ role: "user", content: "What is the T3MA of 'ETH/BTC' over 14 periods, and the rate from 'USD' to 'EUR'?" }],
    tools: [
      { type: "function", name: "t3ma", parameters: { type: "object", properties: { symbol: { type: "string" }, time_period: { type: "integer" } } } },
      { type: "function", name: "rate", parameters: { type: "object", properties: { base: { type: "string" }, target: { type: "string" } } } },
    ],
  },
  expected_answers: [
    { name: "t3ma", arguments: { symbol: "ETH/BTC", time_period: 14 } },
    { name: "rate", arguments: { base: "USD", target: "EUR" } },
  ],
};

let n = 0;
const fc = (name: string, args: unknown) => ({ type: "function_call", call_id: `c${++n}`, name, arguments: typeof args === "string" ? args : JSON.stringify(args) });
const T3MA = fc("t3ma", { symbol: "ETH/BTC", time_period: 14 });
const RATE = fc("rate", { target: "EUR", base: "USD" });

async function verify(output: unknown[], fields: Record<string, unknown> = {}) {
  const res = await client(server, serverEnv("xlam_fc")).post("/verify", { ...row, ...fields, response: { id: "r1", output } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe("xlam_fc", () => {
  test("every expected call, in any order, with nothing else, earns 1", async () => {
    const text = { type: "message", role: "assistant", content: [{ type: "output_text", text: "Done.", annotations: [] }] };
    expect(await verify([RATE, { type: "function_call_output", call_id: RATE.call_id, output: "{}" }, T3MA, text])).toMatchObject({
      ...row,
      reward: 1,
      num_expected: 2,
      num_predicted: 2,
      num_correct: 2,
      predicted_calls: [
        { name: "rate", arguments: { target: "EUR", base: "USD" } },
        { name: "t3ma", arguments: { symbol: "ETH/BTC", time_period: 14 } },
      ],
    });
  });

  test("arguments beyond the expected ones are allowed; a value of another type is not", async () => {
    expect((await verify([T3MA, fc("rate", { base: "USD", target: "EUR", format: "json" })])).reward).toBe(1);
    expect(await verify([fc("t3ma", { symbol: "ETH/BTC", time_period: "14" }), RATE])).toMatchObject({ reward: 0, num_correct: 1 });
  });

  test("a missing call, an extra call or a wrong name earns 0", async () => {
    expect(await verify([T3MA])).toMatchObject({ reward: 0, num_predicted: 1, num_correct: 1 });
    expect(await verify([T3MA, RATE, RATE])).toMatchObject({ reward: 0, num_predicted: 3, num_correct: 2 });
    expect(await verify([T3MA, fc("rates", { base: "USD", target: "EUR" })])).toMatchObject({ reward: 0, num_correct: 1 });
  });

  test("each predicted call matches at most one expected call", async () => {
    const twice = { expected_answers: [row.expected_answers[1], row.expected_answers[1]] };
    expect(await verify([RATE], twice)).toMatchObject({ reward: 0, num_expected: 2, num_correct: 1 });
    expect((await verify([RATE, RATE], twice)).reward).toBe(1);
  });

  test("with nothing expected, no call earns 1 and any call 0", async () => {
    expect(await verify([], { expected_answers: [] })).toMatchObject({ reward: 1, num_expected: 0, num_correct: 0 });
    expect((await verify([RATE], { expected_answers: [] })).reward).toBe(0);
  });

  test("arguments that are not a JSON object read as {}", async () => {
    expect(await verify([T3MA, fc("rate", "{base: USD")])).toMatchObject({ reward: 0, predicted_calls: [expect.anything(), { name: "rate", arguments: {} }] });
    expect((await verify([T3MA, fc("rate", "[1]")])).predicted_calls[1]).toEqual({ name: "rate", arguments: {} });
  });

  test("the row's tools are not run here: calling one is a 404 the model can read", async () => {
    const res = await client(server, serverEnv("xlam_fc")).post("/t3ma", { symbol: "ETH/BTC" });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toContain('unknown tool "t3ma"');
  });

  test("bad rows are 400 with field paths", async () => {
    const s = client(server, serverEnv("xlam_fc"));
    expect((await s.post("/seed_session", row)).status).toBe(200);
    const bad = await s.post("/seed_session", { ...row, expected_answers: [{ arguments: {} }, { name: "rate", arguments: "{}" }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["expected_answers[0].name", "expected_answers[1].arguments"]);
    // A seed request need not carry expected_answers (NeMo Gym's carries no task fields); /verify must.
    expect((await s.post("/seed_session", { ...row, expected_answers: undefined })).status).toBe(200);
    const missing = await s.post("/verify", { ...row, expected_answers: undefined, response: { id: "r", output: [] } });
    expect(missing.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["expected_answers"]);
  });
});
