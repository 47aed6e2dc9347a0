// abstention through its app, with a scripted judge: the boxed answer, the abstention token that
// needs no judge, the judge's three letters (C an abstention, no letter B), the configured
// rewards, failures that mark the row instead of scoring it, and bad rows.
import { describe, expect, test } from "vitest";
import server, { normalizeAnswer } from "../../../workers/resources/abstention/index.ts";
import declaration from "../../../workers/resources/abstention/declaration.ts";
import { JUDGE_PROMPT_TEMPLATE } from "../../../workers/resources/abstention/judge_prompt.ts";
import { readLetter } from "../../../shared/judge/graded_letters.ts";
import { templateFields } from "../../../shared/judge/template.ts";
import { assistantMessage, client, judgeModel, serverEnv } from "../../workerd/helpers.ts";
import type { JudgeAnswer } from "../../workerd/helpers.ts";

const CONFIG = {
  judge_model_server: { type: "responses_api_models", name: "policy_model" },
  judge_responses_create_params: { input: [], max_output_tokens: 64, temperature: 0, top_p: 1 },
  judge_prompt_template: "Q={question}|GOLD={target}|PRED={predicted_answer}",
  judge_max_attempts: 2,
};
const row = {
  id: "example_0",
  question: "Were Scott Derrickson and Ed Wood of the same nationality?",
  answer: "Yes",
  responses_create_params: { input: [{ role: "user", content: "Were Scott Derrickson and Ed Wood of the same nationality?" }] },
};

async function verify(reply: string, answers: JudgeAnswer[], config: Record<string, unknown> = CONFIG, fields: Record<string, unknown> = {}) {
  const judge = judgeModel(answers);
  const env = serverEnv("abstention", { INSTANCE_CONFIG: config, ...judge.bindings });
  const res = await client(server, env).post("/verify", { ...row, ...fields, response: { id: "r1", output: [assistantMessage(reply)] } });
  const { responses_create_params: _p, response: _r, ...added } = res.body;
  return { ...res, added, seen: judge.seen };
}

const SCALE = { letters: ["A", "B", "C"], match: "whole", fallback: "B" } as const;

describe("abstention: reading the grade", () => {
  test.each([
    ["A", "A"],
    ["  C ", "C"],
    ["Let me think.\nC", "C"],
    ["C: NOT_ATTEMPTED", "A"],
    ["grade B", "B"],
  ])("%j reads %s", (text, letter) => {
    expect(readLetter(text, SCALE)).toEqual({ letter, fallback: false });
  });

  test("a reply naming no letter is B, and says so", () => {
    expect(readLetter("dunno", SCALE)).toEqual({ letter: "B", fallback: true });
  });
});

describe("abstention: the answer and the abstention token", () => {
  test("SQuAD normalisation: case, articles, punctuation, spaces", () => {
    expect(normalizeAnswer("  The  [IDK]! ")).toBe("idk");
    expect(normalizeAnswer("An apple, a Day")).toBe("apple day");
    expect(normalizeAnswer("theatre")).toBe("theatre");
    expect(normalizeAnswer("Ça va, l'été")).toBe("ça va lété");
  });

  test.each(["\\boxed{[IDK]}", "<think>no idea</think>\\boxed{ idk. }", "Not sure.\n\\boxed{The [IDK]}"])("%j abstains with no judge call", async (reply) => {
    const { added, seen } = await verify(reply, []);
    expect(seen).toHaveLength(0);
    expect(added).toEqual({ id: row.id, question: row.question, answer: "Yes", reward: 0.5, extracted_answer: expect.any(String), ground_truth: "Yes", verdict: "abstain", judge_output: null, is_correct: 0, is_abstain: 1, is_incorrect: 0, omniscience_index: 0 });
  });

  test("the last closed box is the answer the judge sees, braces nested", async () => {
    const { added, seen } = await verify("\\boxed{No} then \\boxed{\\text{Yes}}", ["A"]);
    expect(added.extracted_answer).toBe("\\text{Yes}");
    expect(seen[0].input[0].content).toBe("Q=Were Scott Derrickson and Ed Wood of the same nationality?|GOLD=Yes|PRED=\\text{Yes}");
  });

  test("without a box (or an unclosed one) the whole reply, reasoning removed, is the answer", async () => {
    const { added } = await verify("<think>both American</think>Yes, both American.", ["A"]);
    expect(added.extracted_answer).toBe("Yes, both American.");
    const open = await verify("\\boxed{Yes", ["A"]);
    expect(open.added.extracted_answer).toBe("\\boxed{Yes");
  });

  test("an answer holding a placeholder is left as written", async () => {
    const { seen } = await verify("\\boxed{{target}}", ["B"]);
    expect(seen[0].input[0].content).toMatch(/PRED=\{target\}$/);
  });
});

describe("abstention: rewards and fields", () => {
  test.each([
    ["A", 1, "correct", { is_correct: 1, is_abstain: 0, is_incorrect: 0, omniscience_index: 1 }],
    ["B", 0, "incorrect", { is_correct: 0, is_abstain: 0, is_incorrect: 1, omniscience_index: -1 }],
    ["C", 0.5, "abstain", { is_correct: 0, is_abstain: 1, is_incorrect: 0, omniscience_index: 0 }],
  ])("judge says %s: reward %d, verdict %s", async (letter, reward, verdict, flags) => {
    const { status, added } = await verify("\\boxed{Yes}", [letter]);
    expect(status).toBe(200);
    expect(added).toEqual({ id: row.id, question: row.question, answer: "Yes", reward, extracted_answer: "Yes", ground_truth: "Yes", verdict, judge_output: letter, ...flags });
  });

  test("the configured rewards and token are used", async () => {
    const config = { ...CONFIG, correct_reward: 2, incorrect_reward: -1, abstention_reward: 0.25, abstention_token: "PASS" };
    expect((await verify("\\boxed{Yes}", ["A"], config)).added.reward).toBe(2);
    expect((await verify("\\boxed{No}", ["B"], config)).added.reward).toBe(-1);
    expect((await verify("\\boxed{No}", ["C"], config)).added.reward).toBe(0.25);
    const token = await verify("\\boxed{pass}", [], config);
    expect(token.added).toMatchObject({ reward: 0.25, verdict: "abstain", judge_output: null });
    // [IDK] is an answer like any other once the token is another.
    expect((await verify("\\boxed{[IDK]}", ["C"], config)).seen).toHaveLength(1);
  });

  test("an unreadable grade scores as incorrect, with judge_unparsable", async () => {
    const { added } = await verify("\\boxed{Yes}", ["no verdict"]);
    expect(added).toMatchObject({ reward: 0, verdict: "incorrect", judge_unparsable: true });
  });

  test("the judge is asked over /v1/responses with the config's params", async () => {
    const { seen } = await verify("\\boxed{Yes}", ["A"]);
    expect(seen[0]).toMatchObject({ max_output_tokens: 64, temperature: 0, top_p: 1, input: [{ role: "user", type: "message" }] });
  });
});

describe("abstention: judge failures mark the row, never score it", () => {
  test.each([
    ["a 503 from the judge", [() => new Response("busy", { status: 503 }), () => new Response("busy", { status: 503 })]],
    ["an empty reply", ["", ""]],
    ["an unreachable judge", [() => { throw new Error("refused"); }, () => { throw new Error("refused"); }]],
  ] as [string, JudgeAnswer[]][])("%s: judge_failed, no reward", async (_name, answers) => {
    const { status, body } = await verify("\\boxed{Yes}", answers);
    expect(status).toBe(200);
    expect(body._ng_failure_class).toBe("judge_failed");
    expect(body).not.toHaveProperty("reward");
  });
});

describe("abstention: bad rows and configs", () => {
  test.each([
    ["answer", { answer: undefined }],
    ["answer", { answer: " " }],
    ["question", { question: null }],
  ])("a bad %s is a 400 naming it", async (path, fields) => {
    const { status, body, seen } = await verify("\\boxed{Yes}", [], CONFIG, fields);
    expect(status).toBe(400);
    expect(body.error.issues.map((i: { path: string }) => i.path)).toEqual([path]);
    expect(seen).toHaveLength(0);
  });

  test("a template with a field the server does not fill is a 500 naming it", async () => {
    const { status, body } = await verify("\\boxed{Yes}", [], { ...CONFIG, judge_prompt_template: "{question} {expected_answer}" });
    expect(status).toBe(500);
    expect(body.error.message).toContain("{expected_answer}");
  });
});

describe("abstention: the bundled prompt and the recorded replies", () => {
  test("our default prompt fills NeMo's placeholders and asks for NeMo's letters", () => {
    expect(templateFields(JUDGE_PROMPT_TEMPLATE).sort()).toEqual(["predicted_answer", "question", "target"]);
    expect(JUDGE_PROMPT_TEMPLATE).toMatch(/A: CORRECT\nB: INCORRECT\nC: NOT_ATTEMPTED/);
  });

  test("a recorded rollout's judge reply is its judge_output; null means no judge was asked", () => {
    expect(declaration.recordedJudgeReplies!({ judge_output: "A" })).toEqual(["A"]);
    expect(declaration.recordedJudgeReplies!({ judge_output: null })).toEqual([]);
  });
});
