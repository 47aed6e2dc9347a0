// genrm_compare's routes against a scripted GenRM under its model binding: /compare asks one
// verdict per pair (and per judge), sends the candidates as metadata, reads the verdicts into
// rewards; a GenRM answer without a verdict is asked again, then neutral; a GenRM that fails fails
// the cohort (502 judge_failed), never rewards; /verify alone gives the neutral default_score.
import { env } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import server from "../../../../workers/resources/genrm_compare/index.ts";
import { assistantMessage, client, judgeModel, serverEnv } from "../../../workerd/helpers.ts";
import type { JudgeAnswer } from "../../../workerd/helpers.ts";

const answer = (text: string) => ({ output: [assistantMessage(text)] });
const cohort = (...texts: string[]) => ({
  conversation_history: [{ role: "user", content: "Name a primary colour." }],
  response_objs: texts.map(answer),
});

function genrm(answers: JudgeAnswer[], config: Record<string, unknown> = {}) {
  const judge = judgeModel(answers, "genrm_model");
  const INSTANCE_CONFIG = { genrm_model_server: { type: "responses_api_models", name: "genrm_model" }, genrm_parse_retry_sleep_s: 0, ...config };
  return { ...client(server, serverEnv("genrm_compare", { INSTANCE_CONFIG, COHORTS: env.COHORTS, ...judge.bindings })), seen: judge.seen };
}

describe("genrm_compare /compare", () => {
  test("circular pairs: one GenRM call per pair, candidates in metadata, rewards per response", async () => {
    const s = genrm(['{"score_1": 5, "score_2": 2, "ranking": 1}', '{"score_1": 3, "score_2": 3, "ranking": 2}', '{"score_1": 1, "score_2": 4, "ranking": 6}'], {
      genrm_responses_create_params: { temperature: 0.6, max_output_tokens: 100 },
    });
    const res = await s.post("/compare", cohort("Red.", "Blue.", "Banana."));
    expect(res.status).toBe(200);
    expect(s.seen).toHaveLength(3);
    expect(s.seen[0]).toMatchObject({
      temperature: 0.6,
      max_output_tokens: 100,
      input: [{ role: "user", content: "Name a primary colour.", type: "message" }],
      metadata: { response_1: "Red.", response_2: "Blue." },
    });
    expect(s.seen.map((b: any) => [b.metadata.response_1, b.metadata.response_2])).toEqual([["Red.", "Blue."], ["Blue.", "Banana."], ["Banana.", "Red."]]);
    // Red: 5 and 4; Blue: 2 and 3+1.5 (tie, ranking 2); Banana: 3-1.5 and 1.
    expect(res.body.rewards).toEqual([4.5, 3.25, 1.25]);
    expect(res.body.comparison_results[1]).toEqual({ response_i: 1, response_j: 2, judge_idx: 0, score_1: 3, score_2: 3, ranking: 2 });
    expect(res.body.metrics.tiebreak_usage_rate).toBeCloseTo(1 / 3, 12);
  });

  test("all_pairs with two judges asks every pair twice; principle goes along with use_principle", async () => {
    const verdicts = Array.from({ length: 6 }, () => '{"score_1": 4, "score_2": 2, "ranking": 2}');
    const s = genrm(verdicts, { comparison_strategy: "all_pairs", num_judges_per_comparison: 2, use_principle: true });
    const res = await s.post("/compare", { ...cohort("a", "b", "c"), principle: "Prefer brevity." });
    expect(res.status).toBe(200);
    expect(res.body.comparison_results.map((c: any) => [c.judge_idx, c.response_i, c.response_j])).toEqual([[0, 0, 1], [0, 0, 2], [0, 1, 2], [1, 0, 1], [1, 0, 2], [1, 1, 2]]);
    expect(s.seen.every((b: any) => b.metadata.principle === "Prefer brevity.")).toBe(true);
    expect(res.body.rewards).toEqual([4, 3, 2]);
  });

  test("without a row principle, use_principle sends default_principle; without use_principle, none", async () => {
    const withDefault = genrm(['{"score_1": 4, "score_2": 2}', '{"score_1": 4, "score_2": 2}'], { use_principle: true, default_principle: "Be fair." });
    await withDefault.post("/compare", cohort("a", "b"));
    expect(withDefault.seen[0].metadata.principle).toBe("Be fair.");
    const without = genrm(['{"score_1": 4, "score_2": 2}', '{"score_1": 4, "score_2": 2}']);
    await without.post("/compare", { ...cohort("a", "b"), principle: "ignored" });
    expect(without.seen[0].metadata).not.toHaveProperty("principle");
  });

  test("an empty answer is shown to the GenRM as None", async () => {
    const s = genrm(['{"score_1": 1, "score_2": 4}', '{"score_1": 4, "score_2": 1}']);
    await s.post("/compare", { conversation_history: [], response_objs: [{ output: [] }, answer("Red.")] });
    expect(s.seen[0].metadata).toEqual({ response_1: "None", response_2: "Red." });
  });

  test("an answer past genrm_max_answer_chars is shown cut, never inside a character, with how much is left out", async () => {
    const s = genrm(['{"score_1": 1, "score_2": 4}', '{"score_1": 4, "score_2": 1}'], { genrm_max_answer_chars: 10 });
    const res = await s.post("/compare", cohort(`${"a".repeat(9)}\u{1F600}tail`, "Red."));
    expect(res.status).toBe(200);
    expect(s.seen[0].metadata).toEqual({ response_1: `${"a".repeat(9)}\n[... 6 more characters not shown]`, response_2: "Red." });
    expect(s.seen[1].metadata.response_2).toBe(s.seen[0].metadata.response_1);
  });

  test("no verdict: asked again up to genrm_parse_retries, then the neutral defaults", async () => {
    // Pair (a, b) gets its verdict on the third ask; pair (b, a) never does.
    const asked = new Map<string, number>();
    const byPair = async (request: Request) => {
      const { metadata } = (await request.json()) as { metadata: Record<string, string> };
      const n = (asked.get(metadata.response_1!) ?? 0) + 1;
      asked.set(metadata.response_1!, n);
      const text = metadata.response_1 === "a" && n === 3 ? '{"score_1": 5, "score_2": 1, "ranking": 1}' : "I prefer the first.";
      return Response.json({ output: [assistantMessage(text)] });
    };
    const s = genrm(Array.from({ length: 6 }, () => byPair), { genrm_parse_retries: 2 });
    const res = await s.post("/compare", cohort("a", "b"));
    expect(res.status).toBe(200);
    expect(Object.fromEntries(asked)).toEqual({ a: 3, b: 3 });
    expect(res.body.comparison_results[0]).toMatchObject({ score_1: 5, score_2: 1, ranking: 1 });
    expect(res.body.comparison_results[1]).toMatchObject({ score_1: 3, score_2: 3, ranking: 3.5 });
  });

  test("a GenRM that fails fails the cohort: 502 judge_failed, no rewards", async () => {
    const s = genrm([() => new Response("overloaded", { status: 500 }), '{"score_1": 4, "score_2": 2}']);
    const res = await s.post("/compare", cohort("a", "b"));
    expect(res.status).toBe(502);
    expect(res.body.error.type).toBe("judge_failed");
    expect(res.body).not.toHaveProperty("rewards");
  });

  test("one response: default_score, no GenRM call; a bad body is a 400 with the field", async () => {
    const s = genrm([], { default_score: 2 });
    expect((await s.post("/compare", cohort("alone"))).body).toEqual({ rewards: [2], comparison_results: null, metrics: null });
    const bad = await s.post("/compare", { conversation_history: "hi", response_objs: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues.map((i: any) => i.path)).toEqual(["conversation_history", "response_objs"]);
    // A role no model input takes is the caller's error, not a GenRM failure.
    const role = await s.post("/compare", { ...cohort("a", "b"), conversation_history: [{ role: "user\u0000x", content: "hi" }] });
    expect(role.status).toBe(400);
    expect(role.body.error.issues[0].path).toBe("conversation_history[0].role");
    expect(s.seen).toHaveLength(0);
  });

  test("/verify alone gives the neutral default_score", async () => {
    const s = genrm([], { default_score: 3 });
    const res = await s.post("/verify", { responses_create_params: { input: "hi" }, response: { id: "r", output: [assistantMessage("hello")] } });
    expect(res.status).toBe(200);
    expect(res.body.reward).toBe(3);
    expect(s.seen).toHaveLength(0);
  });
});

describe("genrm_compare /verify with num_rollouts_per_prompt > 1 (the reference's cohort-based verify)", () => {
  const row = (input: string, text: string) => ({ responses_create_params: { input }, response: { id: `r-${text}`, output: [assistantMessage(text)] } });
  // The scripted GenRM prefers the longer answer.
  const byLength = async (request: Request) => {
    const { metadata } = (await request.json()) as { metadata: Record<string, string> };
    const [a, b] = [metadata.response_1!.length, metadata.response_2!.length];
    return Response.json({ output: [assistantMessage(JSON.stringify({ score_1: a > b ? 5 : 1, score_2: a > b ? 1 : 5, ranking: a > b ? 1 : 6 }))] });
  };

  test("each rollout waits for its cohort; every member gets its own relative reward, from one scoring", async () => {
    const s = genrm(Array.from({ length: 3 }, () => byLength), { num_rollouts_per_prompt: 3 });
    const prompt = `cohort-${crypto.randomUUID()}`;
    const answers = await Promise.all(["aa", "a", "aaa"].map((text) => s.post("/verify", row(prompt, text))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    // Circular over 3 (join order): each compared twice; the longest wins both, the shortest loses both.
    const byText = Object.fromEntries(answers.map((a) => [a.body.response.output[0].content[0].text, a.body.reward]));
    expect(byText).toEqual({ aaa: 5, aa: 3, a: 1 });
    expect(s.seen).toHaveLength(3);
    expect(answers.every((a) => a.body.cohort_metrics.tiebreak_usage_rate === 0)).toBe(true);
  });

  test("a cohort that never completes fails its members (cohort_incomplete) at the deadline, never a reward, saying the cohort's size and what to change", async () => {
    const s = genrm([], { num_rollouts_per_prompt: 3, cohort_timeout_s: 0.2 });
    const prompt = `lonely-${crypto.randomUUID()}`;
    const answers = await Promise.all(["x", "y"].map((text) => s.post("/verify", row(prompt, text))));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body._ng_failure_class).toBe("cohort_incomplete");
      expect(JSON.stringify(a.body.error)).toContain(
        "this cohort needs 3 rollouts of the same prompt; 2 arrived within 200 ms (num_rollouts_per_prompt of genrm_compare is 3: send 3 rollouts of each prompt (num_repeats 3), or set num_rollouts_per_prompt to the number you send)",
      );
      expect(a.body).not.toHaveProperty("reward");
    }
  });

  test("a GenRM that fails fails every member of the cohort (judge_failed)", async () => {
    const s = genrm([() => new Response("down", { status: 500 }), () => new Response("down", { status: 500 })], { num_rollouts_per_prompt: 2 });
    const prompt = `failing-${crypto.randomUUID()}`;
    const answers = await Promise.all(["x", "y"].map((text) => s.post("/verify", row(prompt, text))));
    expect(answers.map((a) => a.body._ng_failure_class)).toEqual(["judge_failed", "judge_failed"]);
  });
});
