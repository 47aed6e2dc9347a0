// proof_verification through its app, with a scripted meta-verifier behind the binding its
// config's judge_model_server names: the policy's boxed score against the ground truth, the
// meta-verifier's rating, replies that score 0 without a call, failures, and bad input.
import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/proof_verification/index.ts";
import { assistantMessage, client, judgeModel, serverEnv } from "../../workerd/helpers.ts";
import type { JudgeAnswer } from "../../workerd/helpers.ts";

const META = "META problem=<{problem}> proof=<{proof}> reference=<{ground_truth_judgement}> candidate=<{candidate_judgement}>";
const BASE = {
  judge_model_server: { type: "responses_api_models", name: "policy_model" },
  temperature: 1,
  top_p: 1,
  max_tokens: 100000,
  inlined_files: { "prompt_templates/meta-verifier.yaml": { user: META } },
};
const ROW = {
  responses_create_params: { input: [{ role: "user", content: "Grade this proof." }] },
  problem: "Prove that 2 is prime.",
  proof: "Its only divisors are 1 and 2.",
  ground_truth_judgement: "Complete and correct.",
  ground_truth_verify_score: 1,
};
const graded = (score: string) => `Here is my evaluation of the solution:\nThe argument is complete.\n\nBased on my evaluation, the final overall score should be:\n\\boxed{${score}}`;

async function verify(text: string | undefined, answers: JudgeAnswer[], config: Record<string, unknown> = {}, fields: Record<string, unknown> = {}) {
  const judge = judgeModel(answers);
  const env = serverEnv("proof_verification", { INSTANCE_CONFIG: { ...BASE, ...config }, ...judge.bindings });
  const output = text === undefined ? [] : [assistantMessage(text)];
  const res = await client(server, env).post("/verify", { ...ROW, ...fields, response: { id: "r1", output } });
  return { ...res, seen: judge.seen };
}

describe("proof_verification: (1 - |predicted - ground truth|) * r_meta", () => {
  test("an agreeing score and a full rating: reward 1, the row and the reward only; the prompt holds both evaluations", async () => {
    const { status, body, seen } = await verify(graded("1"), ["Agrees. \\boxed{1}"]);
    expect(status).toBe(200);
    expect(body).toEqual({ ...ROW, responses_create_params: expect.any(Object), response: expect.any(Object), reward: 1 });
    expect(seen).toHaveLength(1);
    expect(seen[0].input).toEqual([{ role: "user", type: "message", content: `META problem=<${ROW.problem}> proof=<${ROW.proof}> reference=<${ROW.ground_truth_judgement}> candidate=<${graded("1")}>` }]);
    expect(seen[0]).toMatchObject({ temperature: 1, top_p: 1, max_output_tokens: 100000 });
  });

  test.each([
    ["half a point off, rated 1", "0.5", 1, "\\boxed{1}", 0.5],
    ["exact, rated 0.5", "0.5", 0.5, "\\boxed{0.5}", 0.5],
    ["a whole point off", "0", 1, "\\boxed{1}", 0],
    ["exact, rating unreadable (counts 0)", "1", 1, "I agree.", 0],
    ["exact, rating off the scale (counts 0)", "1", 1, "\\boxed{0.75}", 0],
    ["exact, the last rating counts", "0", 0, "\\boxed{0} or rather \\boxed{1}", 1],
  ])("%s", async (_name, predicted, truth, meta, reward) => {
    const { body } = await verify(graded(predicted), [meta], {}, { ground_truth_verify_score: truth });
    expect(body.reward).toBe(reward);
  });

  test("the candidate evaluation is the reply after </think>", async () => {
    const { body, seen } = await verify(`<think>\\boxed{0}</think>\n${graded("1")}`, ["\\boxed{1}"], { assert_think_end: true });
    expect(body.reward).toBe(1);
    expect(seen[0].input[0].content).not.toContain("<think>");
  });
});

describe("proof_verification: replies that score 0 without a judge call", () => {
  test.each([
    ["no output", undefined, {}, {}],
    ["no boxed score", "Looks fine to me.", {}, {}],
    ["a score off the scale", graded("0.7"), {}, {}],
    ["no </think> under assert_think_end", graded("1"), { assert_think_end: true }, {}],
    ["a ground-truth score off the scale", graded("1"), {}, { ground_truth_verify_score: 0.25 }],
    ["a proof over 40,000 characters", graded("1"), {}, { proof: "p".repeat(40_001) }],
    ["an evaluation over 20,000 characters", `${"e".repeat(20_001)}\\boxed{1}`, {}, {}],
  ])("%s", async (_name, text, config, fields) => {
    const { body, seen } = await verify(text, [], config, fields);
    expect(body.reward).toBe(0);
    expect(seen).toHaveLength(0);
  });
});

describe("proof_verification: judge failures mark the row, never score it", () => {
  test.each([
    ["a 500", [() => new Response("boom", { status: 500 })]],
    ["an empty reply", ["", ""]],
  ])("%s: judge_failed, no reward", async (_name, answers) => {
    const { status, body } = await verify(graded("1"), answers as JudgeAnswer[], { judge_max_attempts: answers.length });
    expect(status).toBe(200);
    expect(body._ng_failure_class).toBe("judge_failed");
    expect(body).not.toHaveProperty("reward");
  });

  test("a judge slower than judge_timeout_s", async () => {
    const slow = () => new Promise<Response>((resolve) => setTimeout(() => resolve(new Response("late")), 2_000));
    const { body } = await verify(graded("1"), [slow], { judge_timeout_s: 0.2, judge_max_attempts: 1 });
    expect(body._ng_failure_class).toBe("judge_failed");
    expect(body.error.message).toMatch(/no response within 200 ms/);
  });

  test("an unreachable judge model", async () => {
    const { body } = await verify(graded("1"), [() => Promise.reject(new Error("connection refused"))], { judge_max_attempts: 1 });
    expect(body._ng_failure_class).toBe("judge_failed");
  });
});

describe("proof_verification: bad input", () => {
  test.each([
    ["ground_truth_verify_score", { ground_truth_verify_score: undefined }],
    ["ground_truth_verify_score", { ground_truth_verify_score: "high" }],
    ["ground_truth_judgement", { ground_truth_judgement: undefined }],
    ["proof", { proof: ["a"] }],
  ])("%s missing or mistyped: 400 naming it", async (path, fields) => {
    const { status, body, seen } = await verify(graded("1"), [], {}, fields);
    expect(status).toBe(400);
    expect(body.error.issues.map((i: { path: string }) => i.path)).toEqual([path]);
    expect(seen).toHaveLength(0);
  });
});
