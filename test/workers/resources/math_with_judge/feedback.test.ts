// math_with_judge's `error_feedback`, what a self-correcting agent feeds back: null for a right
// answer; for a wrong one, the extracted answer and why it did not count, never the expected answer.
import { describe, expect, test } from "vitest";
import server from "../../../../workers/resources/math_with_judge/index.ts";
import { assistantMessage, client, judgeModel, serverEnv } from "../../../workerd/helpers.ts";

const question = "Write the fraction \\( \\frac{18}{24} \\) in lowest terms.";
const row = { responses_create_params: { input: question }, question, expected_answer: "\\(\\frac{3}{4}\\)" };
const JUDGE = { should_use_judge: true, judge_model_server: { type: "responses_api_models", name: "policy_model" }, judge_responses_create_params: { input: [] } };

async function verify(text: string, config: Record<string, unknown> = {}, bindings: Record<string, unknown> = {}) {
  const env = serverEnv("math_with_judge", { INSTANCE_CONFIG: config, ...bindings });
  const res = await client(server, env).post("/verify", { ...row, response: { id: "r1", output: [assistantMessage(text)] } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe("math_with_judge: error_feedback", () => {
  test("a right answer has none", async () => {
    expect(await verify("\\boxed{3/4}")).toMatchObject({ reward: 1, error_feedback: null });
  });

  test("a wrong answer names the extracted answer and why, not the expected one", async () => {
    const body = await verify("\\boxed{2/3}");
    expect(body.reward).toBe(0);
    expect(body.error_feedback).toBe("Your final answer, 2/3, is not correct: it is not equivalent to the expected answer.");
    expect(body.error_feedback).not.toMatch(/3\/4|frac\{3\}/);
  });

  test("no answer at all asks for one in \\boxed{}", async () => {
    expect((await verify("")).error_feedback).toMatch(/^No final answer was found in your reply/);
  });

  test("an answer the judge also rejects says so", async () => {
    const judge = judgeModel(["[[A!=B]]"]);
    const body = await verify("\\boxed{0.7}", JUDGE, judge.bindings);
    expect(body).toMatchObject({ reward: 0, extracted_answer: "0.7" });
    expect(body.error_feedback).toMatch(/^Your final answer, 0.7, is not correct: .*by a judge's reading/);
  });

  test("a check that ran out of its budget asks for a simpler form", async () => {
    const body = await verify("\\boxed{(2+\\sqrt{3})^{2016}}", { library_budget: 10 });
    expect(body).toMatchObject({ reward: 0, library_budget_exhausted: true });
    expect(body.error_feedback).toMatch(/within the checker's budget; give it in a simpler form/);
  });
});
