// The one judge call every judging server makes: the API it speaks, the bounds it keeps, and what
// counts as a judge failure (never a reward).
import { describe, expect, test } from "vitest";
import { askJudge, askJudgeAll, chatParams } from "../../../shared/judge/call.ts";
import { JudgeCallSettings } from "../../../shared/judge/settings.ts";
import { VerifierFailure } from "../../../shared/resources/failure.ts";
import { z } from "../../../shared/zod.ts";
import { judgeModel, judgeReply } from "../../workerd/helpers.ts";
import type { JudgeAnswer } from "../../workerd/helpers.ts";

const ref = { type: "responses_api_models" as const, name: "judge_model" };
const settingsOf = (fields: Record<string, unknown> = {}) => z.object(JudgeCallSettings).parse(fields);
const judgeWith = (fields: Record<string, unknown> = {}) => ({ ref, settings: settingsOf(fields), environment: "some_env" });
const yesNo = (text: string) => (/\bYES\b/.test(text) ? true : /\bNO\b/.test(text) ? false : undefined);
const question = { messages: [{ role: "system" as const, content: "Answer YES or NO." }, { role: "user" as const, content: "Is 2 even?" }], read: yesNo };
const chat = (text: string) => Response.json({ id: "c", object: "chat.completion", created: 1, model: "m", choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }] });

const failureOf = (promise: Promise<unknown>) => promise.then(() => undefined, (err: unknown) => err);

describe("askJudge", () => {
  test("Responses API: the config's params with the prompt as input, the environment named, the call recorded as NeMo records it", async () => {
    const judge = judgeModel(["YES, it is."], "judge_model");
    let header: string | null = null;
    const spy = { fetch: (request: Request) => ((header = request.headers.get("x-edge-gym-environment")), judge.fetcher.fetch(request)) };
    const answer = await askJudge({ JUDGE_MODEL: spy }, judgeWith({ judge_responses_create_params: { input: [], temperature: 0, max_output_tokens: 64 } }), question);
    expect(answer.verdict).toBe(true);
    expect(answer.text).toBe("YES, it is.");
    expect(judge.seen[0]).toEqual({ temperature: 0, max_output_tokens: 64, input: [{ role: "system", type: "message", content: "Answer YES or NO." }, { role: "user", type: "message", content: "Is 2 even?" }] });
    expect(answer.evaluation).toEqual({ responses_create_params: judge.seen[0], response: judgeReply("YES, it is.") });
    expect(header).toBe("some_env#judge");
  });

  test("chat completions when configured: max_output_tokens becomes max_tokens, the reply is the first choice's content", async () => {
    const judge = judgeModel([() => chat(" NO ")], "judge_model");
    const answer = await askJudge(judge.bindings, judgeWith({ use_chat_completions_for_judge: true, judge_responses_create_params: { input: [], max_output_tokens: 32, top_p: 1 } }), question);
    expect(answer).toMatchObject({ verdict: false, text: "NO" });
    expect(judge.seen[0]).toEqual({ max_tokens: 32, top_p: 1, messages: [{ role: "system", content: "Answer YES or NO." }, { role: "user", content: "Is 2 even?" }] });
    expect(chatParams({ input: [], max_output_tokens: 5, reasoning: { effort: "low" }, temperature: 0.5 })).toEqual({ max_tokens: 5, temperature: 0.5 });
  });

  test("a question's own params go over the config's", async () => {
    const judge = judgeModel(["YES"], "judge_model");
    await askJudge(judge.bindings, judgeWith({ judge_responses_create_params: { temperature: 0, seed: 1 } }), { ...question, params: { seed: 42 } });
    expect(judge.seen[0]).toMatchObject({ temperature: 0, seed: 42 });
  });

  test("a failed attempt is retried: a 503, then an unreadable reply, then a verdict", async () => {
    const judge = judgeModel([() => new Response("busy", { status: 503 }), "I am not sure.", "YES"], "judge_model");
    const answer = await askJudge(judge.bindings, judgeWith({ judge_max_attempts: 3 }), question);
    expect(answer.verdict).toBe(true);
    expect(judge.seen).toHaveLength(3);
  });

  test.each([
    ["a 500 every time", () => new Response("boom", { status: 500 })],
    ["a body that is not JSON", () => new Response("<html>", { status: 200 })],
    ["a body that is not a Responses object", () => Response.json({ hello: 1 })],
    ["an empty reply", () => Response.json(judgeReply(""))],
    ["no readable verdict", () => Response.json(judgeReply("Hard to say."))],
  ])("%s: judge_failed after judge_max_attempts, never a verdict", async (_name, answer) => {
    const judge = judgeModel([answer, answer], "judge_model");
    const failure = await failureOf(askJudge(judge.bindings, judgeWith({ judge_max_attempts: 2 }), question));
    expect(failure).toBeInstanceOf(VerifierFailure);
    expect((failure as VerifierFailure).failureClass).toBe("judge_failed");
    expect((failure as Error).message).toMatch(/after 2 attempts/);
    expect(judge.seen).toHaveLength(2);
  });

  test("a 400 is not asked again: the request itself is refused", async () => {
    const judge = judgeModel([() => new Response("bad param", { status: 400 })], "judge_model");
    const failure = await failureOf(askJudge(judge.bindings, judgeWith({ judge_max_attempts: 3 }), question));
    expect((failure as VerifierFailure).failureClass).toBe("judge_failed");
    expect(judge.seen).toHaveLength(1);
  });

  test("a judge past judge_timeout_s fails the attempt; every attempt keeps its deadline", async () => {
    const hang = (request: Request) => new Promise<Response>((_, reject) => request.signal.addEventListener("abort", () => reject(new Error("aborted"))));
    const judge = judgeModel([hang, hang], "judge_model");
    const started = Date.now();
    const failure = await failureOf(askJudge(judge.bindings, judgeWith({ judge_timeout_s: 0.05, judge_max_attempts: 2 }), question));
    expect((failure as VerifierFailure).failureClass).toBe("judge_failed");
    expect((failure as Error).message).toMatch(/within 50 ms/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  test("no binding for the judge is a misconfiguration, not a judge failure", async () => {
    const failure = await failureOf(askJudge({}, judgeWith(), question));
    expect(failure).not.toBeInstanceOf(VerifierFailure);
  });

  test("judge_max_concurrency caps the calls in flight; askJudgeAll answers in the questions' order", async () => {
    let inFlight = 0;
    let most = 0;
    const slow = (text: string) => async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight--;
      return Response.json(judgeReply(text));
    };
    const judge = judgeModel([slow("YES"), slow("NO"), slow("YES"), slow("NO"), slow("YES")], "judge_cap_model");
    const capped = { ref: { ...ref, name: "judge_cap_model" }, settings: settingsOf({ judge_max_concurrency: 2 }), environment: "some_env" };
    const answers = await askJudgeAll(judge.bindings, capped, Array.from({ length: 5 }, () => question));
    expect(answers.map((a) => a.verdict)).toEqual([true, false, true, false, true]);
    expect(most).toBe(2);
  });
});
