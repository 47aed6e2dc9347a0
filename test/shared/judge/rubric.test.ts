// Rubric grading shared by multichallenge and inverse_if: aggregation modes, the reply graded
// (last assistant message, reasoning removed), questions asked at once or in turn, and the judge
// replies read back from a recorded rollout.
import { describe, expect, test } from "vitest";
import { withoutThinking } from "../../../shared/verifiers/thinking.ts";
import { aggregate, askRubric, finalReply, numPassed, rubricJudgeReplies } from "../../../shared/judge/rubric.ts";
import { JudgeCallSettings } from "../../../shared/judge/settings.ts";
import { z } from "../../../shared/zod.ts";
import { assistantMessage, judgeReply } from "../../workerd/helpers.ts";

const items = (...scores: number[]) => scores.map((score) => ({ score }));

describe("aggregate", () => {
  test.each([
    ["mean", [1, 0, 1], 2 / 3],
    ["min", [1, 0, 1], 0],
    ["max", [0, 1, 0], 1],
    ["all", [1, 1, 1], 1],
    ["all", [1, 0.98, 1], 0],
    ["any", [0, 0, 1], 1],
    ["any", [0, 0, 0], 0],
  ] as const)("%s of %j is %d", (mode, scores, expected) => {
    expect(aggregate(items(...scores), mode)).toBe(expected);
  });

  test("an empty rubric is 0 whatever the mode", () => {
    for (const mode of ["mean", "min", "max", "all", "any", "weighted"] as const) expect(aggregate([], mode)).toBe(0);
  });

  test("weighted: the weights' mean; items without weights weigh 1; zero total weight is 0", () => {
    expect(aggregate([{ score: 1, weight: 3 }, { score: 0, weight: 1 }], "weighted")).toBe(0.75);
    expect(aggregate(items(1, 0, 0, 0), "weighted")).toBe(0.25);
    expect(aggregate([{ score: 1, weight: 0 }, { score: 0, weight: 0 }], "weighted")).toBe(0);
  });

  test("passed items are those scoring 0.99 or more", () => {
    expect(numPassed(items(1, 0.99, 0.98, 0))).toBe(2);
  });
});

describe("the reply graded", () => {
  test("reasoning blocks go, and everything up to an unpaired closing tag", () => {
    expect(withoutThinking("<think>plan</think>\n Answer <thinking>more</thinking>done ")).toBe("Answer done");
    expect(withoutThinking("reasoning whose opening tag was in the prompt</think>\n\nThe answer.")).toBe("The answer.");
    expect(withoutThinking("a</thinking>b</thinking>c")).toBe("b</thinking>c");
    expect(withoutThinking("no tags at all")).toBe("no tags at all");
  });

  test("the last assistant message only, its parts joined by newlines; none is empty", () => {
    const twoParts = { type: "message", role: "assistant", content: [{ type: "output_text", text: "<think>x</think>Part one", annotations: [] }, { type: "output_text", text: "part two", annotations: [] }] };
    expect(finalReply([assistantMessage("draft"), { type: "function_call", call_id: "c", name: "f", arguments: "{}" }, twoParts] as never)).toBe("Part one\npart two");
    expect(finalReply([{ type: "reasoning", id: "r", summary: [] }] as never)).toBe("");
  });
});

describe("askRubric", () => {
  const settings = z.object(JudgeCallSettings).parse({ judge_max_attempts: 1 });
  const judge = { ref: { type: "responses_api_models" as const, name: "judge_model" }, settings, environment: "rubric_test" };
  const questions = ["one", "two", "three"].map((n) => ({ messages: [{ role: "user" as const, content: n }], read: (text: string) => text }));

  function slowJudge() {
    const log: string[] = [];
    const fetch = async (request: Request) => {
      const content = ((await request.json()) as { input: { content: string }[] }).input[0]!.content;
      log.push(`start ${content}`);
      // The first question answers last: answers must still come back in the questions' order.
      await new Promise((resolve) => setTimeout(resolve, content === "one" ? 30 : 5));
      log.push(`end ${content}`);
      return Response.json(judgeReply(`re ${content}`));
    };
    return { env: { JUDGE_MODEL: { fetch } }, log };
  }

  test("parallel: every question is asked before any answer; answers in the questions' order", async () => {
    const { env, log } = slowJudge();
    const answers = await askRubric(env, judge, questions, true);
    expect(answers.map((a) => a.verdict)).toEqual(["re one", "re two", "re three"]);
    expect(log.slice(0, 3)).toEqual(["start one", "start two", "start three"]);
  });

  test("not parallel: one question after another", async () => {
    const { env, log } = slowJudge();
    const answers = await askRubric(env, judge, questions, false);
    expect(answers.map((a) => a.verdict)).toEqual(["re one", "re two", "re three"]);
    expect(log).toEqual(["start one", "end one", "start two", "end two", "start three", "end three"]);
  });
});

describe("rubricJudgeReplies", () => {
  test("the recorded judge_response of every evaluation, in order", () => {
    expect(rubricJudgeReplies({ rubric_evaluations: [{ judge_response: "A" }, { judge_response: "B" }] })).toEqual(["A", "B"]);
    expect(rubricJudgeReplies({ rubric_evaluations: [] })).toEqual([]);
  });

  test("undefined when the rollout records none, or one without its reply", () => {
    expect(rubricJudgeReplies({ reward: 1 })).toBeUndefined();
    expect(rubricJudgeReplies({ rubric_evaluations: [{ judge_response: "A" }, { verdict: "YES" }] })).toBeUndefined();
    expect(rubricJudgeReplies({ rubric_evaluations: [null] })).toBeUndefined();
  });
});
