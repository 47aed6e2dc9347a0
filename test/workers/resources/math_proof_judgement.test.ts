import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/math_proof_judgement/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const row = {
  responses_create_params: { input: [{ role: "user", content: "Judge this proof. End with <judgement>Judgement: Yes</judgement> or No." }] },
  problem_id: "sum_evens",
  problem: "Prove that the sum of two even integers is even.",
  proof: "a = 2k, b = 2m, so a + b = 2(k + m). QED.",
  expected_judgement: "Judgement: Yes",
  metadata: { expert_rating: 7 },
};

const answer = (...texts: string[]) => ({
  id: "r1",
  output: [
    { type: "reasoning", id: "rs", summary: [{ type: "summary_text", text: "Judgement: No" }] },
    ...texts.map((text) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] })),
  ],
});

async function verify(text: string | string[], fields: Record<string, unknown> = {}) {
  const res = await client(server, serverEnv("math_proof_judgement")).post("/verify", { ...row, ...fields, response: answer(...[text].flat()) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe("math_proof_judgement", () => {
  test("a matching verdict earns 1; the row is echoed with the verdict and its confusion counts", async () => {
    expect(await verify("The algebra is right.\n<judgement>Judgement: Yes</judgement>")).toMatchObject({ ...row, reward: 1, extracted_judgement: "Yes", tp: 1, fp: 0, fn: 0, tn: 0 });
    expect(await verify("Judgement: No")).toMatchObject({ reward: 0, extracted_judgement: "No", tp: 0, fp: 0, fn: 1, tn: 0 });
    expect(await verify("Judgement: Yes", { expected_judgement: "Judgement: No" })).toMatchObject({ reward: 0, fp: 1 });
    expect(await verify("Judgement: No", { expected_judgement: "judgement:no" })).toMatchObject({ reward: 1, tn: 1 });
  });

  test.each([
    ["bold label and verdict", "**Judgement**: **Yes**", "Yes"],
    ["any case, no space", "JUDGEMENT:yes, clearly", "Yes"],
    ["space before the colon", "Judgement \t: No", "No"],
    ["a word starting with the verdict", "Judgement: Nope", "No"],
    ["the first label, not the last", "Judgement: No\n...on reflection, Judgement: Yes", "No"],
    ["a verdict on the next line", "Judgement:\n\n  Yes", "Yes"],
    ["a label inside another word", "Misjudgement: yes", "Yes"],
  ])("reads %s", async (_name, text, verdict) => {
    expect((await verify(text)).extracted_judgement).toBe(verdict);
  });

  test.each([
    ["no label", "Yes, the proof is correct."],
    ["the American spelling", "Judgment: Yes"],
    ["a first label with no verdict (later ones are not read)", "Judgement: maybe\nJudgement: Yes"],
    ["three asterisks before the label's colon", "Judgement***: Yes"],
    ["an empty reply", ""],
  ])("reads no verdict from %s", async (_name, text) => {
    expect(await verify(text)).toMatchObject({ reward: 0, extracted_judgement: null, tp: 0, fp: 0, fn: 0, tn: 0 });
  });

  test("messages are read joined by newlines; reasoning items are not read", async () => {
    expect(await verify(["Judgement:", "Yes"])).toMatchObject({ reward: 1, extracted_judgement: "Yes" });
  });

  test("a gold without a readable verdict scores 0 and counts nothing", async () => {
    expect(await verify("Judgement: Yes", { expected_judgement: "Yes" })).toMatchObject({ reward: 0, extracted_judgement: "Yes", tp: 0, fp: 0, fn: 0, tn: 0 });
  });

  test("the optional row fields come back null when absent", async () => {
    const res = await client(server, serverEnv("math_proof_judgement")).post("/verify", { responses_create_params: row.responses_create_params, response: answer("Judgement: Yes") });
    expect(res.body).toMatchObject({ reward: 0, expected_judgement: null, problem_id: null, problem: null, proof: null, extracted_judgement: "Yes" });
  });

  test("bad rows are 400 with field paths", async () => {
    const bad = await client(server, serverEnv("math_proof_judgement")).post("/verify", { ...row, expected_judgement: 1, problem_id: ["x"], response: answer("Judgement: Yes") });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["expected_judgement", "problem_id"]);
  });

  test("a 500 KB reply is read quickly", async () => {
    const hostile = "Judgement" + " ".repeat(250_000) + "*".repeat(250_000);
    const started = performance.now();
    expect(await verify([hostile, "**Judgement: yes"])).toMatchObject({ reward: 1 });
    expect(await verify("*".repeat(500_000))).toMatchObject({ extracted_judgement: null });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
