// omniscience through its app, with a scripted judge: the four-tier letter as NeMo reads it (the
// whole reply or its last line, else the first letter anywhere, else B), the partial tier,
// omniscience_index and is_hallucination, reasoning removed from the answer, failures that mark
// the row instead of scoring it, and bad rows.
import { describe, expect, test } from "vitest";
import { parse as parseYaml } from "yaml";
import server, { answerOf } from "../../../workers/resources/omniscience/index.ts";
import declaration from "../../../workers/resources/omniscience/declaration.ts";
import bundledPrompt from "../../../workers/resources/omniscience/prompts/judge.yaml?raw";
import exampleRows from "../../../workers/resources/omniscience/data/example.jsonl?raw";
import { readLetter } from "../../../shared/judge/graded_letters.ts";
import { templateFields } from "../../../shared/judge/template.ts";
import { assistantMessage, client, judgeModel, serverEnv } from "../../workerd/helpers.ts";
import type { JudgeAnswer } from "../../workerd/helpers.ts";

const PROMPT_PATH = "prompts/judge.yaml";
const CONFIG = {
  judge_model_server: { type: "responses_api_models", name: "policy_model" },
  judge_responses_create_params: { input: [], max_output_tokens: 2048, temperature: 0, top_p: 1 },
  use_chat_completions_for_judge: true,
  judge_max_attempts: 2,
  inlined_files: { [PROMPT_PATH]: { user: "Q={question}|GOLD={expected_answer}|PRED={generation}" } },
};
const row = {
  id: "example_0",
  domain: "Science Engineering and Mathematics",
  topic: "Chemistry",
  question: "What is the atomic number of tungsten?",
  expected_answer: "74",
  responses_create_params: { input: [{ role: "user", content: "What is the atomic number of tungsten?" }] },
};
const chat = (text: string): JudgeAnswer => () =>
  Response.json({ id: "c", object: "chat.completion", created: 0, model: "j", choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }] });

async function verify(reply: string, answers: JudgeAnswer[], config: Record<string, unknown> = CONFIG, fields: Record<string, unknown> = {}) {
  const judge = judgeModel(answers);
  const env = serverEnv("omniscience", { INSTANCE_CONFIG: config, ...judge.bindings });
  const res = await client(server, env).post("/verify", { ...row, ...fields, response: { id: "r1", output: [assistantMessage(reply)] } });
  return { ...res, seen: judge.seen, prompt: () => judge.seen[0].messages[0].content as string };
}

const SCALE = { letters: ["A", "B", "C", "D"], match: "whole", fallback: "B" } as const;

describe("omniscience: reading the grade", () => {
  test.each([
    ["D", "D"],
    [" C \n", "C"],
    ["reasoning first\nD", "D"],
    // A leading letter is not enough: the first of A-D anywhere in the reply counts.
    ["D: NOT_ATTEMPTED", "A"],
    ["The answer is partial: C", "C"],
    ["INCORRECT", "C"],
  ])("%j reads %s", (text, letter) => {
    expect(readLetter(text, SCALE)).toEqual({ letter, fallback: false });
  });

  test("a reply naming no letter is B (incorrect), and says so", () => {
    expect(readLetter("unsure", SCALE)).toEqual({ letter: "B", fallback: true });
  });
});

describe("omniscience: rewards and fields", () => {
  test.each([
    ["A", 1, "correct", { is_correct: 1, is_incorrect: 0, is_partial: 0, is_not_attempted: 0, omniscience_index: 1, is_hallucination: 0 }],
    ["B", 0, "incorrect", { is_correct: 0, is_incorrect: 1, is_partial: 0, is_not_attempted: 0, omniscience_index: -1, is_hallucination: 1 }],
    ["C", 0, "partial", { is_correct: 0, is_incorrect: 0, is_partial: 1, is_not_attempted: 0, omniscience_index: 0, is_hallucination: 0 }],
    ["D", 0, "not_attempted", { is_correct: 0, is_incorrect: 0, is_partial: 0, is_not_attempted: 1, omniscience_index: 0, is_hallucination: 0 }],
  ])("judge says %s: reward %d, verdict %s", async (letter, reward, verdict, flags) => {
    const { status, body } = await verify("74", [chat(letter)]);
    expect(status).toBe(200);
    const { responses_create_params: _p, response: _r, ...fields } = body;
    expect(fields).toEqual({ id: row.id, domain: row.domain, topic: row.topic, question: row.question, reward, extracted_answer: "74", expected_answer: "74", verdict, judge_output: letter, ...flags });
  });

  test("an unreadable grade scores as incorrect (a hallucination), with judge_unparsable", async () => {
    const { body } = await verify("74", [chat("hmm")]);
    expect(body).toMatchObject({ reward: 0, verdict: "incorrect", omniscience_index: -1, is_hallucination: 1, judge_unparsable: true });
  });

  test("the judge is asked over chat completions with the filled template, once", async () => {
    const { seen, prompt } = await verify("{expected_answer}", [chat("B")]);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ max_tokens: 2048, temperature: 0, top_p: 1 });
    expect(prompt()).toBe("Q=What is the atomic number of tungsten?|GOLD=74|PRED={expected_answer}");
  });

  test("reasoning is removed from the answer the judge sees; reasoning never closed leaves nothing", async () => {
    expect(answerOf("<think>W has 74 protons</think> 74")).toBe("74");
    expect(answerOf("<thinking>hmm</thinking>\n74")).toBe("74");
    expect(answerOf("tungsten is W</think>74")).toBe("74");
    expect(answerOf("<think>tungsten is W, so")).toBe("");
    expect(answerOf("74")).toBe("74");
    const { body, prompt } = await verify("<think>tungsten, so 7", [chat("D")]);
    expect(body).toMatchObject({ extracted_answer: "", verdict: "not_attempted" });
    expect(prompt()).toMatch(/PRED=$/);
  });
});

describe("omniscience: judge failures mark the row, never score it", () => {
  test.each([
    ["a 502 from the judge", [() => new Response("bad gateway", { status: 502 }), () => new Response("bad gateway", { status: 502 })]],
    ["an empty reply", [chat(""), chat("  ")]],
    ["a null content", [chat(null as unknown as string), chat(null as unknown as string)]],
  ] as [string, JudgeAnswer[]][])("%s: judge_failed, no reward", async (_name, answers) => {
    const { status, body } = await verify("74", answers);
    expect(status).toBe(200);
    expect(body._ng_failure_class).toBe("judge_failed");
    expect(body).not.toHaveProperty("reward");
    expect(body.error.message).toContain("policy_model/v1/chat/completions");
  });
});

describe("omniscience: bad rows", () => {
  test.each([
    ["expected_answer", { expected_answer: "" }],
    ["question", { question: undefined }],
    ["domain", { domain: 3 }],
    ["topic", { topic: ["x"] }],
  ])("a bad %s is a 400 naming it", async (path, fields) => {
    const { status, body, seen } = await verify("74", [], CONFIG, fields);
    expect(status).toBe(400);
    expect(body.error.issues.map((i: { path: string }) => i.path)).toEqual([path]);
    expect(seen).toHaveLength(0);
  });
});

describe("omniscience: the bundled prompt, rows and recorded replies", () => {
  test("our prompt fills NeMo's placeholders and asks for NeMo's four letters", () => {
    const user = parseYaml(bundledPrompt).user as string;
    expect(templateFields(user).sort()).toEqual(["expected_answer", "generation", "question"]);
    expect(user).toMatch(/A: CORRECT\nB: INCORRECT\nC: PARTIAL_ANSWER\nD: NOT_ATTEMPTED/);
  });

  test("our example rows have the recorded shape", () => {
    const rows = exampleRows.trim().split("\n").map((line: string) => JSON.parse(line));
    expect(rows).toHaveLength(5);
    for (const r of rows) {
      expect(Object.keys(r)).toEqual(["id", "domain", "topic", "question", "expected_answer", "agent_ref", "responses_create_params"]);
      expect(r.agent_ref).toEqual({ type: "responses_api_agents", name: "omniscience_simple_agent" });
      expect(r.responses_create_params.input.map((m: { role: string }) => m.role)).toEqual(["system", "user"]);
      expect(r.responses_create_params.input[1].content).toBe(r.question);
    }
  });

  test("a recorded rollout's judge reply is its judge_output", () => {
    expect(declaration.recordedJudgeReplies!({ judge_output: "B" })).toEqual(["B"]);
  });
});

// Verify responses (tasks and rollouts out of order, uneven k) and what NeMo Gym's own
// compute_metrics and get_key_metrics return for them (run on these rollouts, pinned).
const ROLLOUTS = [
  {"_ng_task_index": 0, "_ng_rollout_index": 1, "reward": 0, "extracted_answer": "1912", "response": {"usage": {"input_tokens": 10, "output_tokens": 5}}, "verdict": "incorrect"},
  {"_ng_task_index": 0, "_ng_rollout_index": 0, "reward": 1, "extracted_answer": "1911", "response": {"usage": {"input_tokens": 12, "output_tokens": 5}}, "verdict": "correct"},
  {"_ng_task_index": 0, "_ng_rollout_index": 2, "reward": 0, "extracted_answer": "around 1911", "response": {"usage": {"input_tokens": 13, "output_tokens": 5}}, "verdict": "partial"},
  {"_ng_task_index": 1, "_ng_rollout_index": 0, "reward": 0, "extracted_answer": null, "response": {"usage": {"input_tokens": 14, "output_tokens": 5}}, "verdict": "not_attempted"},
  {"_ng_task_index": 1, "_ng_rollout_index": 1, "reward": 0, "extracted_answer": "z", "response": {"usage": {"input_tokens": 15, "output_tokens": 5}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 0, "reward": 0, "extracted_answer": "a", "response": {"usage": {"input_tokens": 16, "output_tokens": 5}}, "verdict": "incorrect"},
  {"_ng_task_index": 2, "_ng_rollout_index": 1, "reward": 0, "extracted_answer": "a", "response": {"usage": {"input_tokens": 17, "output_tokens": 5}}, "verdict": "incorrect"},
  {"_ng_task_index": 3, "_ng_rollout_index": 0, "reward": 1, "extracted_answer": "c", "response": {"usage": {"input_tokens": 18, "output_tokens": 5}}, "verdict": "correct"},
  {"_ng_task_index": 4, "_ng_rollout_index": 0, "reward": 0, "extracted_answer": "d", "response": {"usage": {"input_tokens": 19, "output_tokens": 5}}, "verdict": null},
];
const NEMO_METRICS: Record<string, unknown> = {
  "majority@1/judge_abstained": 0.0,
  "majority@1/judge_correct": 40.0,
  "majority@1/judge_incorrect": -20.0,
  "majority@1/judge_omni_hallucination": 100.0,
  "majority@1/judge_omni_index": 20.0,
  "majority@1/judge_partially_correct": 0.0,
  "majority@1/no_answer": 0.0,
  "majority@2/judge_abstained": 0.0,
  "majority@2/judge_correct": 30.0,
  "majority@2/judge_incorrect": -50.0,
  "majority@2/judge_omni_hallucination": 100.0,
  "majority@2/judge_omni_index": -20.0,
  "majority@2/judge_partially_correct": 0.0,
  "majority@2/no_answer": 0.0,
  "majority@3/judge_abstained": 0.0,
  "majority@3/judge_correct": 26.666666666666664,
  "majority@3/judge_incorrect": -46.666666666666664,
  "majority@3/judge_omni_hallucination": 87.5,
  "majority@3/judge_omni_index": -20.0,
  "majority@3/judge_partially_correct": 6.666666666666666,
  "majority@3/no_answer": 0.0,
  "pass@1/judge_abstained": 10.0,
  "pass@1/judge_correct": 26.666666666666668,
  "pass@1/judge_incorrect": -20.0,
  "pass@1/judge_omni_hallucination": 54.54545454545454,
  "pass@1/judge_omni_index": 6.666666666666668,
  "pass@1/judge_partially_correct": 6.666666666666667,
  "pass@1/no_answer": 10.0,
  "pass@1[avg-of-1]/judge_abstained": 20.0,
  "pass@1[avg-of-1]/judge_correct": 40.0,
  "pass@1[avg-of-1]/judge_incorrect": -20.0,
  "pass@1[avg-of-1]/judge_omni_hallucination": 50.0,
  "pass@1[avg-of-1]/judge_omni_index": 20.0,
  "pass@1[avg-of-1]/judge_partially_correct": 0.0,
  "pass@1[avg-of-1]/no_answer": 20.0,
  "pass@1[avg-of-2]/judge_abstained": 10.0,
  "pass@1[avg-of-2]/judge_abstained/std_dev_across_runs": 14.142135623730951,
  "pass@1[avg-of-2]/judge_abstained/std_err_across_runs": 10.0,
  "pass@1[avg-of-2]/judge_correct": 30.0,
  "pass@1[avg-of-2]/judge_correct/std_dev_across_runs": 28.284271247461902,
  "pass@1[avg-of-2]/judge_correct/std_err_across_runs": 20.0,
  "pass@1[avg-of-2]/judge_incorrect": -40.0,
  "pass@1[avg-of-2]/judge_incorrect/std_dev_across_runs": 56.568542494923804,
  "pass@1[avg-of-2]/judge_incorrect/std_err_across_runs": 40.0,
  "pass@1[avg-of-2]/judge_omni_hallucination": 80.0,
  "pass@1[avg-of-2]/judge_omni_index": -10.0,
  "pass@1[avg-of-2]/judge_partially_correct": 0.0,
  "pass@1[avg-of-2]/judge_partially_correct/std_dev_across_runs": 0.0,
  "pass@1[avg-of-2]/judge_partially_correct/std_err_across_runs": 0.0,
  "pass@1[avg-of-2]/no_answer": 10.0,
  "pass@1[avg-of-2]/no_answer/std_dev_across_runs": 14.142135623730951,
  "pass@1[avg-of-2]/no_answer/std_err_across_runs": 10.0,
  "pass@1[avg-of-3]/judge_abstained": 10.0,
  "pass@1[avg-of-3]/judge_abstained/std_dev_across_runs": 11.547005383792515,
  "pass@1[avg-of-3]/judge_abstained/std_err_across_runs": 6.666666666666667,
  "pass@1[avg-of-3]/judge_correct": 26.666666666666664,
  "pass@1[avg-of-3]/judge_correct/std_dev_across_runs": 23.09401076758503,
  "pass@1[avg-of-3]/judge_correct/std_err_across_runs": 13.333333333333334,
  "pass@1[avg-of-3]/judge_incorrect": -36.666666666666664,
  "pass@1[avg-of-3]/judge_incorrect/std_dev_across_runs": 52.91502622129181,
  "pass@1[avg-of-3]/judge_incorrect/std_err_across_runs": 30.550504633038933,
  "pass@1[avg-of-3]/judge_omni_hallucination": 68.75,
  "pass@1[avg-of-3]/judge_omni_index": -10.0,
  "pass@1[avg-of-3]/judge_partially_correct": 6.666666666666666,
  "pass@1[avg-of-3]/judge_partially_correct/std_dev_across_runs": 57.735026918962575,
  "pass@1[avg-of-3]/judge_partially_correct/std_err_across_runs": 33.333333333333336,
  "pass@1[avg-of-3]/no_answer": 10.0,
  "pass@1[avg-of-3]/no_answer/std_dev_across_runs": 11.547005383792515,
  "pass@1[avg-of-3]/no_answer/std_err_across_runs": 6.666666666666667,
  "pass@2/judge_abstained": 33.333333333333336,
  "pass@2/judge_correct": 22.222222222222225,
  "pass@2/judge_incorrect": -33.333333333333336,
  "pass@2/judge_omni_hallucination": 37.5,
  "pass@2/judge_omni_index": -11.11111111111111,
  "pass@2/judge_partially_correct": 22.222222222222225,
  "pass@2/no_answer": 33.333333333333336,
  "pass@3/judge_abstained": 0.0,
  "pass@3/judge_correct": 100.0,
  "pass@3/judge_incorrect": 0.0,
  "pass@3/judge_omni_hallucination": 0.0,
  "pass@3/judge_omni_index": 100.0,
  "pass@3/judge_partially_correct": 100.0,
  "pass@3/no_answer": 0.0,
  "per_sample_aggregate": {"judge_abstained": [20.0, 0.0, 0.0], "judge_correct": [40.0, 0.0, 0.0], "judge_incorrect": [-20.0, -100.0, 0.0], "judge_partially_correct": [0.0, 0.0, 100.0], "no_answer": [20.0, 0.0, 0.0]},
};
const NEMO_KEY_METRICS = {
  "mean/input_tokens": 14.88888888888889,
  "mean/output_tokens": 5.0,
  "pass@1[avg-of-3]/judge_abstained": 10.0,
  "pass@1[avg-of-3]/judge_correct": 26.666666666666664,
  "pass@1[avg-of-3]/judge_incorrect": -36.666666666666664,
  "pass@1[avg-of-3]/judge_omni_hallucination": 68.75,
  "pass@1[avg-of-3]/judge_omni_index": -10.0,
  "pass@1[avg-of-3]/judge_partially_correct": 6.666666666666666,
  "pass@1[avg-of-3]/no_answer": 10.0,
  "pass@3/judge_abstained": 0.0,
  "pass@3/judge_correct": 100.0,
  "pass@3/judge_incorrect": 0.0,
  "pass@3/judge_omni_hallucination": 0.0,
  "pass@3/judge_omni_index": 100.0,
  "pass@3/judge_partially_correct": 100.0,
};
// agent_metrics less the reward profile's statistics of every numeric field: what compute_metrics adds.
const computed = (agent: Record<string, unknown>) => Object.fromEntries(Object.entries(agent).filter(([k]) => !/^(mean|max|min|median|std)\//.test(k)));

describe("aggregate metrics", () => {
  test("pass@k and majority@k over extracted_answer per verdict (judge_incorrect -1; none: incorrect), judge_omni_index and judge_omni_hallucination at every level; NeMo Gym's headline", async () => {
    const res = await client(server, serverEnv("omniscience")).post("/aggregate_metrics", { verify_responses: ROLLOUTS });
    expect(res.status).toBe(200);
    expect(computed(res.body.agent_metrics)).toEqual(NEMO_METRICS);
    expect(res.body.key_metrics).toEqual(NEMO_KEY_METRICS);
  });
});
