// equivalence_llm_judge through its app, with a scripted judge model behind the binding its
// config's judge_model_server names: the swap rule, what the judge is shown, failures that mark
// the row instead of scoring it 0, and bad input.
import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/equivalence_llm_judge/index.ts";
import { assistantMessage, client, judgeModel, judgeReply, serverEnv } from "../../workerd/helpers.ts";
import type { JudgeAnswer } from "../../workerd/helpers.ts";

const row = {
  responses_create_params: {
    input: [
      { role: "system", content: "Answer briefly." },
      { role: "user", type: "message", content: [{ type: "input_text", text: "Which planet is known as the Red Planet?" }] },
    ],
  },
  expected_answer: "Mars",
  uuid: "q-1",
};
const CONFIG = { judge_model_server: { type: "responses_api_models", name: "policy_model" }, judge_responses_create_params: { input: [], temperature: 0, max_output_tokens: 64 } };

const message = assistantMessage;
const EQUAL = "Same planet. [[A=B]]";
const NOT_EQUAL = "Different planets. [[A!=B]]";

async function verify(output: unknown[], answers: JudgeAnswer[], config: Record<string, unknown> = CONFIG, fields: Record<string, unknown> = {}) {
  const judge = judgeModel(answers);
  const env = serverEnv("equivalence_llm_judge", { INSTANCE_CONFIG: config, ...judge.bindings });
  const res = await client(server, env).post("/verify", { ...row, ...fields, response: { id: "r1", output } });
  return { ...res, seen: judge.seen };
}

const userText = (request: any): string => request.input[1].content;

describe("equivalence_llm_judge: the swap rule", () => {
  test("equal, then equal with the answers swapped: reward 1 with both evaluations", async () => {
    const { status, body, seen } = await verify([message("It is Mars.")], [EQUAL, EQUAL]);
    expect(status).toBe(200);
    expect(body).toMatchObject({ ...row, reward: 1, extracted_answer: "It is Mars." });
    expect(body.judge_evaluations).toHaveLength(2);
    expect(body.judge_evaluations[1].response.output[0].content[0].text).toBe(EQUAL);
    // First (expected, generated), then (generated, expected), with the question from the last user message.
    expect(userText(seen[0])).toMatch(/<\|Problem\|>\nWhich planet is known as the Red Planet\?\n[\s\S]*A's Answer\|>\nMars\n[\s\S]*B's Answer\|>\nIt is Mars\.\n/);
    expect(userText(seen[1])).toMatch(/A's Answer\|>\nIt is Mars\.\n[\s\S]*B's Answer\|>\nMars\n/);
    expect(seen[0]).toMatchObject({ temperature: 0, max_output_tokens: 64 });
    expect(seen[0].input[0]).toMatchObject({ role: "system", content: expect.stringContaining("[[A!=B]]") });
    expect(body.judge_evaluations[0].responses_create_params).toEqual(seen[0]);
  });

  test("equal, then not equal once swapped: reward 0", async () => {
    const { body, seen } = await verify([message("Mars, or maybe Jupiter")], [EQUAL, NOT_EQUAL]);
    expect(body).toMatchObject({ reward: 0, extracted_answer: "Mars, or maybe Jupiter" });
    expect(body.judge_evaluations).toHaveLength(2);
    expect(seen).toHaveLength(2);
  });

  test("not equal at first: reward 0 after one call", async () => {
    const { body, seen } = await verify([message("Venus")], [NOT_EQUAL]);
    expect(body).toMatchObject({ reward: 0, extracted_answer: "Venus" });
    expect(body.judge_evaluations).toHaveLength(1);
    expect(seen).toHaveLength(1);
  });

  test("the last verdict label the judge writes counts", async () => {
    const quoting = "I must answer [[A=B]] or [[A!=B]]; here: [[A!=B]]";
    expect((await verify([message("Venus")], [quoting])).body.reward).toBe(0);
  });

  test("the generated answer is the last assistant message; with none there is no judge call", async () => {
    const { body, seen } = await verify([message("Jupiter?"), { type: "function_call", call_id: "c1", name: "lookup", arguments: "{}" }, message("Mars")], [EQUAL, EQUAL]);
    expect(body.extracted_answer).toBe("Mars");
    expect(userText(seen[0])).not.toContain("Jupiter");
    const none = await verify([{ type: "reasoning", id: "rs_1", summary: [] }], []);
    expect(none.body).toMatchObject({ reward: 0, extracted_answer: null, judge_evaluations: [] });
    expect(none.seen).toHaveLength(0);
  });
});

describe("equivalence_llm_judge: judge failures mark the row, never score it", () => {
  test.each([
    ["a 503 from the judge", [(() => new Response("overloaded", { status: 503 })) as JudgeAnswer]],
    ["no verdict label", ["I am not sure."]],
    ["a body that is not a response", [(() => Response.json({ nope: true })) as JudgeAnswer]],
    ["a failure on the swapped call", [EQUAL, (() => new Response("down", { status: 502 })) as JudgeAnswer]],
  ])("%s: judge_failed, no reward", async (_name, answers) => {
    const { status, body } = await verify([message("Mars")], answers);
    expect(status).toBe(200);
    expect(body._ng_failure_class).toBe("judge_failed");
    expect(body).not.toHaveProperty("reward");
    expect(body.error.message).toContain("policy_model/v1/responses");
  });

  test("a judge slower than judge_timeout_s fails the row", async () => {
    const slow = () => new Promise<Response>((resolve) => setTimeout(() => resolve(Response.json(judgeReply(EQUAL))), 2_000));
    // A judge that ignores the abort: the deadline itself must end the call.
    const { body } = await verify([message("Mars")], [slow], { ...CONFIG, judge_timeout_s: 0.2, judge_max_attempts: 1 });
    expect(body._ng_failure_class).toBe("judge_failed");
    expect(body.error.message).toMatch(/no response within 200 ms/);
    expect(body).not.toHaveProperty("reward");
  });
});

describe("equivalence_llm_judge: bad input", () => {
  test("a row without expected_answer, or with a blank one, is a 400 naming it", async () => {
    for (const expected_answer of [undefined, "  ", 42]) {
      const { status, body, seen } = await verify([message("Mars")], [], CONFIG, { expected_answer });
      expect(status).toBe(400);
      expect(body.error.issues.map((i: { path: string }) => i.path)).toEqual(["expected_answer"]);
      expect(seen).toHaveLength(0);
    }
  });

  test("an instance without judge_model_server is a 500 naming the field", async () => {
    const { status, body } = await verify([message("Mars")], [], {});
    expect(status).toBe(500);
    expect(body.error.message).toContain("judge_model_server");
  });

  test("a missing binding for the judge is a misconfiguration (500 naming the binding), not a judge failure", async () => {
    const env = serverEnv("equivalence_llm_judge", { INSTANCE_CONFIG: CONFIG });
    const res = await client(server, env).post("/verify", { ...row, response: { id: "r1", output: [message("Mars")] } });
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ error: { type: "misconfigured", message: expect.stringContaining("no service binding POLICY_MODEL") } });
    expect(res.body).not.toHaveProperty("_ng_failure_class");
  });
});
