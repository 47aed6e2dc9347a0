import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/equivalence_rule/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const row = {
  responses_create_params: { input: [{ role: "user", content: "Here is a poem about glaciers.\n\nSlow river of ice.\n\n\n\nReturn the total number of snippets above that are about glacier." }] },
  expected_answer: "1",
  question: "Return the total number of snippets above that are about glacier.",
  source: "mrcr",
};

const message = (text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] });

async function verify(text: string, fields: Record<string, unknown> = {}, grading_rule?: string) {
  const env = serverEnv("lc_equivalence_rule", grading_rule ? { INSTANCE_CONFIG: { grading_rule } } : {});
  const res = await client(server, env).post("/verify", { ...row, ...fields, response: { id: "r1", output: [message(text)] } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

// Scores as NeMo Gym's equivalence_rule (07d6b0d) gives them under each rule (difflib's SequenceMatcher).
const CASES: { name: string; reply: string; answer: string; exact: number; seq_match: number; weighted_seq_match: number }[] = [
  {"name": "case and whitespace runs", "reply": "  The   ANSWER\n is\t6 ", "answer": "the answer is 6", "exact": 1.0, "seq_match": 1.0, "weighted_seq_match": 1.0},
  {"name": "a bare number", "reply": "6", "answer": "6", "exact": 1.0, "seq_match": 1.0, "weighted_seq_match": 1.0},
  {"name": "another spelling", "reply": "six", "answer": "6", "exact": 0.0, "seq_match": 0.0, "weighted_seq_match": 0.0},
  {"name": "the wrong code prepended to a long answer (autojunk on)", "reply": "Zk4NwB9sHythe keeper climbs the spiral stair at dusk, and every turn of glass throws light to sea; the keeper climbs the spiral stair at dusk, and every turn of glass throws light to sea; the keeper climbs the spiral stair at dusk, and every turn of glass throws light to sea; the keeper climbs the spiral stair at dusk, and every turn of glass throws light to sea; ", "answer": "Qx7LmP2vRtthe keeper climbs the spiral stair at dusk, and every turn of glass throws light to sea; the keeper climbs the spiral stair at dusk, and every turn of glass throws light to sea; the keeper climbs the spiral stair at dusk, and every turn of glass throws light to sea; the keeper climbs the spiral stair at dusk, and every turn of glass throws light to sea; ", "exact": 0.0, "seq_match": 0.4931506849315068, "weighted_seq_match": 0.41917808219178077},
  {"name": "a truncated long answer", "reply": "Qx7LmP2vRtthe keeper climbs the spiral stair at dusk, and every turn of glass throws light to sea; the keeper climbs the spiral stair at dusk, and eve", "answer": "Qx7LmP2vRtthe keeper climbs the spiral stair at dusk, and every turn of glass throws light to sea; the keeper climbs the spiral stair at dusk, and every turn of glass throws light to sea; the keeper climbs the spiral stair at dusk, and every turn of glass throws light to sea; the keeper climbs the spiral stair at dusk, and every turn of glass throws light to sea; ", "exact": 0.0, "seq_match": 0.5825242718446602, "weighted_seq_match": 0.6451456310679611},
  {"name": "a rotation (difflib's blocks, not LCS)", "reply": "abcd", "answer": "bcda", "exact": 0.0, "seq_match": 0.75, "weighted_seq_match": 0.75},
  {"name": "both empty", "reply": "", "answer": "", "exact": 1.0, "seq_match": 1.0, "weighted_seq_match": 1.0},
  {"name": "an empty reply", "reply": "", "answer": "x", "exact": 0.0, "seq_match": 0.0, "weighted_seq_match": 0.0},
  {"name": "Unicode whitespace collapses", "reply": "x y", "answer": "x y", "exact": 1.0, "seq_match": 1.0, "weighted_seq_match": 1.0},
  {"name": "a zero-width space is not whitespace", "reply": "x​y", "answer": "x y", "exact": 0.0, "seq_match": 0.6666666666666666, "weighted_seq_match": 0.6666666666666666},
];

describe("equivalence_rule: the three rules", () => {
  test.each(CASES)("$name", async (c) => {
    for (const rule of ["exact", "seq_match", "weighted_seq_match"] as const) {
      const body = await verify(c.reply, { expected_answer: c.answer }, rule);
      expect(body.equivalence_score, rule).toBeCloseTo(c[rule], 12);
      expect(body.reward).toBe(body.equivalence_score);
    }
  });

  test("exact is the default; the row's other fields are echoed", async () => {
    expect(await verify(" 1 ")).toMatchObject({ reward: 1, equivalence_score: 1, source: "mrcr", question: row.question });
    expect(await verify("one")).toMatchObject({ reward: 0, equivalence_score: 0 });
  });

  test("only output_text parts count, joined as they are", async () => {
    const res = await client(server, serverEnv("lc_equivalence_rule")).post("/verify", { ...row, expected_answer: "12", response: { id: "r1", output: [message("1"), message("2")] } });
    expect(res.body).toMatchObject({ reward: 1 });
  });
});

describe("equivalence_rule: rows, config and long replies", () => {
  test("a row without a string expected_answer is a 400 naming the field", async () => {
    const res = await client(server, serverEnv("lc_equivalence_rule")).post("/verify", { ...row, expected_answer: 6, response: { id: "r1", output: [message("6")] } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("expected_answer");
  });

  test.each(["exact", "seq_match", "weighted_seq_match"])("a 500 KB reply against a long answer under %s verifies in bounded time", async (rule) => {
    const answer = "Qx7LmP2vRt" + "the keeper climbs the spiral stair at dusk, and every turn of glass throws light to sea; ".repeat(40);
    const reply = answer.repeat(Math.ceil(500_000 / answer.length));
    const started = performance.now();
    const body = await verify(reply, { expected_answer: answer }, rule);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(body.equivalence_score).toBeLessThan(0.2);
  });
});
