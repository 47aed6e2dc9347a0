// The judge pattern every LLM-judge verifier shares: the swap rule, the recorded evaluations,
// and judge failures that become a failure class, never a "not equal".
import { describe, expect, test } from "vitest";
import { resourcesServer } from "../../../shared/declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { VerifierFailure } from "../../../shared/resources/failure.ts";
import { fillJudgePrompt, judgeEquivalence, readVerdict } from "../../../shared/judge/equivalence.ts";
import type { JudgePrompt } from "../../../shared/judge/equivalence.ts";
import { JudgeCallSettings } from "../../../shared/judge/settings.ts";
import { z } from "../../../shared/zod.ts";
import { client, judgeModel, judgeReply, serverEnv } from "../../workerd/helpers.ts";
import type { JudgeAnswer } from "../../workerd/helpers.ts";

const prompt: JudgePrompt = {
  system: "Compare the answers. Say [[A=B]] or [[A!=B]].",
  user: "Q: {question}\nA: {first_answer}\nB: {second_answer}",
  equalLabel: "[[A=B]]",
  notEqualLabel: "[[A!=B]]",
};
const ref = { type: "responses_api_models" as const, name: "judge_model" };
const settings = z.object(JudgeCallSettings).parse({ judge_max_attempts: 1 });
const judge = { ref, settings, environment: "test_env" };

/** A judge model behind the JUDGE_MODEL binding, answering each call from `answers` in turn. */
const judgeEnv = (answers: JudgeAnswer[]) => {
  const judge = judgeModel(answers, "judge_model");
  return { env: judge.bindings, seen: judge.seen };
};

const options = { prompt, question: "1/2 as a decimal?", expected: "0.5", generated: "\\frac{1}{2}" };
const userText = (body: any): string => body.input[1].content;

describe("judgeEquivalence", () => {
  test("equal only when both orders say equal; the second call swaps the answers", async () => {
    const { env, seen } = judgeEnv(["Same value. [[A=B]]", "Still the same: [[A=B]]"]);
    const outcome = await judgeEquivalence(env, judge, options);
    expect(outcome.equal).toBe(true);
    expect(outcome.evaluations).toHaveLength(2);
    expect(userText(seen[0])).toBe("Q: 1/2 as a decimal?\nA: 0.5\nB: \\frac{1}{2}");
    expect(userText(seen[1])).toBe("Q: 1/2 as a decimal?\nA: \\frac{1}{2}\nB: 0.5");
    expect(seen[0].input[0]).toEqual({ role: "system", type: "message", content: prompt.system });
    expect(outcome.evaluations[1]).toMatchObject({ responses_create_params: seen[1], response: { id: "resp_judge" } });
  });

  test("a first 'different' ends it after one call; a swapped 'different' overrules a first 'equal'", async () => {
    const once = judgeEnv(["They differ. [[A!=B]]"]);
    expect(await judgeEquivalence(once.env, judge, options)).toMatchObject({ equal: false, evaluations: [expect.anything()] });
    expect(once.seen).toHaveLength(1);
    const flipped = judgeEnv(["[[A=B]]", "On reflection [[A!=B]]"]);
    const outcome = await judgeEquivalence(flipped.env, judge, options);
    expect(outcome.equal).toBe(false);
    expect(outcome.evaluations).toHaveLength(2);
  });

  test("create params reach the judge; answers holding a placeholder are not filled again", async () => {
    const { env, seen } = judgeEnv(["[[A!=B]]"]);
    const withParams = { ...judge, settings: { ...settings, judge_responses_create_params: { input: [], temperature: 0, max_output_tokens: 64 } } };
    await judgeEquivalence(env, withParams, { ...options, generated: "{second_answer}" });
    expect(seen[0]).toMatchObject({ temperature: 0, max_output_tokens: 64 });
    expect(userText(seen[0])).toBe("Q: 1/2 as a decimal?\nA: 0.5\nB: {second_answer}");
    expect(fillJudgePrompt("{question}{question}", { question: "q", first_answer: "", second_answer: "" })).toBe("qq");
  });

  test.each([
    ["a 500", () => new Response("boom", { status: 500 })],
    ["a body that is not JSON", () => new Response("<html>", { status: 200 })],
    ["a body that is not a response", () => Response.json({ hello: 1 })],
    ["no verdict label", () => Response.json(judgeReply("I cannot tell."))],
  ])("%s is a judge_failed failure, not a verdict", async (_name, answer) => {
    const { env } = judgeEnv([answer]);
    const failure = await judgeEquivalence(env, judge, options).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(VerifierFailure);
    expect((failure as VerifierFailure).failureClass).toBe("judge_failed");
  });

  test("a judge that does not answer within the deadline is a judge_failed failure", async () => {
    // Like a service binding, it gives up when the caller aborts, and not before.
    const hang = (request: Request) => new Promise<Response>((_, reject) => request.signal.addEventListener("abort", () => reject(new Error("aborted"))));
    const { env } = judgeEnv([hang]);
    const failure = await judgeEquivalence(env, { ...judge, settings: { ...settings, judge_timeout_s: 0.05 } }, options).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(VerifierFailure);
    expect((failure as Error).message).toMatch(/within 50 ms/);
  });

  test("the verdict is the label written last", () => {
    expect(readVerdict("Not [[A!=B]] but [[A=B]]", prompt)).toBe(true);
    expect(readVerdict("Maybe [[A=B]]... no: [[A!=B]]", prompt)).toBe(false);
    expect(readVerdict("no label", prompt)).toBeUndefined();
    const nested: JudgePrompt = { ...prompt, equalLabel: "[[=]]", notEqualLabel: "[[!=]]x[[=]]" };
    expect(readVerdict("verdict: [[!=]]x[[=]]", nested)).toBe(false);
  });
});

describe("a verifier that cannot decide", () => {
  const server = defineResourcesServer({
    declaration: resourcesServer({ task: z.object({}) }),
    tools: {},
    verify() {
      throw new VerifierFailure("judge_failed", "the judge is down");
    },
  });

  test("/verify answers 200 with the failure class and no reward", async () => {
    const row = { responses_create_params: { input: "hi" }, response: { id: "r", output: [] } };
    const res = await client(server, serverEnv("judged")).post("/verify", row);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...row, _ng_failure_class: "judge_failed", error: { type: "judge_failed", message: "the judge is down" } });
    expect(res.body).not.toHaveProperty("reward");
  });
});
